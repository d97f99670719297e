import { Router } from 'express';
import { stateRulesQuerySchema } from '@logbook/contracts/readiness-schema';
import { rulesOn, todayIso } from '@logbook/contracts/state-rules';
import { parseOr400 } from '@logbook/service-kit/errors';
import { logbookRuleVersions } from '../settings/settings';

export const rulesRouter = Router();

/** Every state's rule in force on a day (today by default), with the official page of each figure: public, cached. */
rulesRouter.get('/api/state-rules', (req, res) => {
  const { on } = parseOr400(stateRulesQuerySchema, req.query);
  const day = on ?? todayIso();
  // A dated answer never changes; today's changes at midnight, so it is kept an hour at most.
  res.set('Cache-Control', on ? 'public, max-age=86400' : 'public, max-age=3600');
  res.json({ on: day, rules: rulesOn(day, logbookRuleVersions()) });
});
