import { pipeline } from 'node:stream/promises';
import { logbookApi } from '@logbook/contracts/logbook-api';
import { callers } from '@logbook/service-kit/auth';
import { ANSWERED, declaredRouter } from '@logbook/service-kit/declared';
import { publicOrigin } from '../config';
import { openLogbook } from './logbook';
import { logbookPdf } from './logbook-pdf';

const { router, route } = declaredRouter(logbookApi);
export const pdfRouter = router;

route('GET /api/driving-sessions/:studentId/pdf', async ({ req, res, ids }) => {
  const logbook = await openLogbook(callers(res), ids.studentId, publicOrigin(req));
  res.setHeader('Content-Type', 'application/pdf');
  res.setHeader('Content-Disposition', `inline; filename="${logbook.fileName}"`);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  try {
    await pipeline(logbookPdf(logbook), res);
  } catch (err) {
    // Once bytes are out nothing else can be answered: a reader who left early is not a server fault.
    if ((err as { code?: string }).code === 'ERR_STREAM_PREMATURE_CLOSE') return ANSWERED;
    req.log.error({ err }, 'the PDF could not be finished');
    res.destroy();
  }
  return ANSWERED;
});
