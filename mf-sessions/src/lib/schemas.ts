// The contracts' schemas this front end's forms check against, taken by path: bundled with the code that checks a form
// (fetched as the form is drawn, after the screen's first paint), never shared, so a screen draws without the
// validation library.
export {
  changeReasonSchema,
  emailSchema,
  fieldErrors,
  sessionDateProblem,
  sessionFieldsSchema,
} from '../../../packages/contracts/src/schemas';
