// The contracts' schemas this front end's dialogs check against, taken by path: bundled with the dialog that uses them
// (fetched when it is used), never shared, so a screen draws without the validation library. The session form's own
// checks need no library (sessionFormProblems).
export { changeReasonSchema, emailSchema } from '../../../packages/contracts/src/schemas';
