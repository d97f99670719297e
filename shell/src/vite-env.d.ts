/// <reference types="vite/client" />

/** The installed version of each shared package, by package name, and the range the shell asks for (vite.config.ts). */
declare const __SHARED_PACKAGES__: Record<string, { version: string; requiredVersion: string }>;
