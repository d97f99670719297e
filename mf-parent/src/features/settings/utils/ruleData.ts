/*
 * The states' rule data, read by path rather than as the shared `@logbook/contracts/state-rules` module: only this
 * screen needs it, and every shared module is fetched when the remote starts, on every screen's first view.
 */
export {
  STATE_RULES,
  SUGGESTED_STATE,
  isStateCode,
  ruleOn,
  targetsForState,
  type StateRule,
} from '../../../../../packages/contracts/src/state-rules';
