import { pipeline } from 'node:stream/promises';
import { Router } from 'express';
import { callers, requireParentOrStudent } from '@logbook/service-kit/auth';
import { parseId } from '@logbook/service-kit/errors';
import { publicOrigin } from '../config';
import { openLogbook } from './logbook';
import { logbookPdf } from './logbook-pdf';

export const pdfRouter = Router();

pdfRouter.get('/api/driving-sessions/:studentId/pdf', requireParentOrStudent, async (req, res) => {
  const studentId = parseId(req.params.studentId);
  const logbook = await openLogbook(callers(res), studentId, publicOrigin(req));
  res.status(200);
  res.setHeader('Content-Type', 'application/pdf');
  res.setHeader('Content-Disposition', `inline; filename="${logbook.fileName}"`);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  try {
    await pipeline(logbookPdf(logbook), res);
  } catch (err) {
    // Once bytes are out nothing else can be answered: a reader who left early is not a server fault.
    if ((err as { code?: string }).code === 'ERR_STREAM_PREMATURE_CLOSE') return;
    req.log.error({ err }, 'the PDF could not be finished');
    res.destroy();
  }
});
