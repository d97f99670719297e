// What the front ends import from this package: the modules the shell offers them, as one module, so a remote asks
// the shell for one shared module rather than one per file. The modules for the services alone, and those a
// screen reads by path with a chunk of its own, are not here (see the shell's federationHost.ts).
export * from './billing';
export * from './constants';
export * from './dates';
export * from './duration';
export * from './messages';
export * from './opening-balance';
export * from './progress-summary';
export * from './progress';
export * from './readiness-schema';
export * from './responses';
export * from './schemas';
export * from './session-fields';
export * from './state-codes';
export * from './subscription';
export * from './sun';
export * from './text-fields';
export * from './visible-text';
export * from './zod';
