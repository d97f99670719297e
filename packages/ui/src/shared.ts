// What the front ends import from this package: one module, so a remote asks the shell for one shared module
// rather than one per file (each shared module a remote imports costs it loading code on its first view).
export * from './components/Alert';
export * from './components/Badge';
export * from './components/BrandLink';
export * from './components/Button';
export * from './components/Card';
export * from './components/Dialog';
export * from './components/EmptyState';
export * from './components/FormField';
export * from './components/Input';
export * from './components/Label';
export * from './components/PageFrame';
export * from './components/ProgressBar';
export * from './components/Select';
export * from './components/SignaturePad';
export * from './components/Spinner';
export * from './components/Toaster';
export * from './components/UnsentSessionsDialog';
export * from './lib/buttonClass';
export * from './lib/cx';
export * from './lib/hours';
export * from './lib/usePointerKind';
// compat: until 1.4. Remotes of release 1.2 take `toast` from here; it lives in shell-context, which owns toasts.
export { toast } from '@logbook/shell-context/toasts';
