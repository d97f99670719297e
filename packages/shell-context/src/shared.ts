// What the front ends import from this package: one module, so a remote asks the shell for one shared module
// rather than one per file (each shared module a remote imports costs it loading code on its first view).
export * from './apiClient';
export * from './outboxAccess';
export * from './routes';
export * from './routing';
export * from './signedInHint';
export * from './studentId';
export * from './students';
export * from './supervisors';
export * from './swrConfig';
export * from './toasts';
export * from './useAskAgainIfSetAside';
export * from './useCurrentUser';
export * from './useOnlineStatus';
export * from './useToast';
