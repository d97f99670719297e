/// <reference types="vite/client" />

/** The installed version of each shared singleton and the range the shell asks for (vite.config.ts). */
/** The shell's second, whole copy of react-router, for remotes built while the router was shared (vite.config.ts). */
declare module 'legacy-react-router' {
  export * from 'react-router';
}

declare const __SHARED_PACKAGES__: Record<string, { version: string; requiredVersion: string }>;
