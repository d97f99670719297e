import type { RequestHandler } from 'express';
import { logbookApi } from '@logbook/contracts/logbook-api';
import { settingKeySchema, stateSettingValueSchema } from '@logbook/contracts/schemas';
import { callers, parentOf } from '@logbook/service-kit/auth';
import { bodyObject, declaredRouter } from '@logbook/service-kit/declared';
import { parseOr400 } from '@logbook/service-kit/errors';
import { familyOf } from '../students/students';
import { followStateTargets, saveSetting, settingsOf, STATE_SETTING } from './settings';

/** The family's state takes a state's code rather than hours: answered here, before the hours are parsed. */
const stateSetting: RequestHandler = async (req, res, next) => {
  if (req.params.key !== STATE_SETTING) return next();
  const { value } = parseOr400(stateSettingValueSchema, bodyObject(req.body));
  res.json(await saveSetting(parentOf(res).familyId, STATE_SETTING, value));
};

const { router, route } = declaredRouter(logbookApi, { 'PUT /api/settings/:key': [stateSetting] });
export const settingsRouter = router;

route('GET /api/settings', ({ res }) => settingsOf(familyOf(callers(res))));

/** Reset to Defaults: the family's own targets are dropped and its state's rule sets them again. */
route('DELETE /api/settings/targets', ({ res }) => followStateTargets(parentOf(res).familyId));

route('PUT /api/settings/:key', ({ req, res, body }) =>
  saveSetting(parentOf(res).familyId, parseOr400(settingKeySchema, req.params.key), body.value),
);

route('POST /api/settings', ({ res, body: { key, value } }) => saveSetting(parentOf(res).familyId, key, value));
