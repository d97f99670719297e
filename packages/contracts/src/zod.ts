/**
 * The schema builders front-end code outside the contracts uses for data of its own (what a device stores): through
 * here a remote uses the shell's copy of the validation library instead of bundling its own. Named one by one, so
 * the shell offers only these and not the whole library.
 */
export { object, preprocess, string } from 'zod';
