// The contracts' schemas this front end's forms check against, taken by path: bundled with the code of the forms that
// use them, never shared, so a screen draws without the validation library.
export { fieldErrors, studentCredentialsSchema } from '../../../packages/contracts/src/schemas';
