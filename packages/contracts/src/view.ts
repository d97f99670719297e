// What the front ends import from this package, as one shared module: the modules the shell offers them, none using
// the validation library, so no screen loads it to draw. Answers are read by their shape (answer-shape.ts, answers.ts);
// the schemas come with the code that checks a form, by path, loaded when the form needs them. The types of every
// contract come too: they cost nothing at run time.
export * from './answer-shape';
export * from './answers';
export * from './billing';
export * from './constants';
export * from './dates';
export * from './duration';
export * from './limits';
export * from './messages';
export * from './progress';
export * from './session-field-places';
export * from './session-form-checks';
export * from './state-codes';
export * from './subscription';
export type * from './family';
export type * from './opening-balance';
export type * from './progress-summary';
export type * from './readiness-schema';
export type * from './responses';
export type * from './schemas';
export type * from './session-fields';
