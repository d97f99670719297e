// The contracts' schemas this front end's forms check against, taken by path: bundled with the code of the forms that
// use them (each screen with a form loads it with its own code), never shared, so a screen draws without the
// validation library.
export {
  fieldErrors,
  registerSchema,
  settingsFormSchema,
  studentLoginSchema,
  supervisorInputSchema,
} from '../../../packages/contracts/src/schemas';
export { openingBalanceSchema } from '../../../packages/contracts/src/opening-balance';
