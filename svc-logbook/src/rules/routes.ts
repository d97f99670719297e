import { logbookApi } from '@logbook/contracts/logbook-api';
import { rulesOn, todayIso } from '@logbook/contracts/state-rules';
import { declaredRouter } from '@logbook/service-kit/declared';
import { logbookRuleVersions } from '../settings/settings';

const { router, route } = declaredRouter(logbookApi);
export const rulesRouter = router;

/** Every state's rule in force on a day (today by default), with the official page of each figure: public, cached. */
route('GET /api/state-rules', async ({ res, query: { on } }) => {
  const day = on ?? todayIso();
  // A dated answer never changes; today's changes at midnight, so it is kept an hour at most.
  res.set('Cache-Control', on ? 'public, max-age=86400' : 'public, max-age=3600');
  return { on: day, rules: rulesOn(day, logbookRuleVersions()) };
});
