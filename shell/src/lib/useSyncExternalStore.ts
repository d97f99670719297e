// swr asks for `use-sync-external-store/shim`, a copy of the hook for React before 18; React 19 has its own.
export { useSyncExternalStore } from 'react';
