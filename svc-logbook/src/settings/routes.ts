import { Router } from 'express';
import {
  settingInputSchema,
  settingKeySchema,
  settingValueSchema,
  stateSettingValueSchema,
} from '@logbook/contracts/schemas';
import { accountOf, callers, parentOf, requireParent, requireParentOrStudent } from '@logbook/service-kit/auth';
import { parseOr400, unauthorized } from '@logbook/service-kit/errors';
import { bodyObject } from '../body';
import { followStateTargets, saveSetting, saveState, settingsOf, STATE_SETTING } from './settings';

export const settingsRouter = Router();

settingsRouter.get('/api/settings', requireParentOrStudent, async (_req, res) => {
  const account = accountOf(callers(res));
  if (account === undefined) throw unauthorized();
  res.json(await settingsOf(account));
});

/** Reset to Defaults: the family's own targets are dropped and its state's rule sets them again. */
settingsRouter.delete('/api/settings/targets', requireParent, async (_req, res) => {
  res.json(await followStateTargets(parentOf(res).userId));
});

settingsRouter.put('/api/settings/:key', requireParent, async (req, res) => {
  if (req.params.key === STATE_SETTING) {
    const { value } = parseOr400(stateSettingValueSchema, bodyObject(req.body));
    res.json(await saveState(parentOf(res).userId, value));
    return;
  }
  const key = parseOr400(settingKeySchema, req.params.key);
  const { value } = parseOr400(settingValueSchema, bodyObject(req.body));
  res.json(await saveSetting(parentOf(res).userId, key, value));
});

settingsRouter.post('/api/settings', requireParent, async (req, res) => {
  const { key, value } = parseOr400(settingInputSchema, bodyObject(req.body));
  res.json(await saveSetting(parentOf(res).userId, key, value));
});
