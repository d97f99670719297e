import { init, registerGlobalPlugins } from '@module-federation/runtime';
import * as federationRuntimeCore from '@module-federation/runtime/core';
import * as React from 'react';
import * as ReactJsxRuntime from 'react/jsx-runtime';
import * as ReactDom from 'react-dom';
import * as ReactDomClient from 'react-dom/client';
import * as Swr from 'swr';
import { REMOTES, type RemoteScope } from '../../../lib/remotes';
import { packageEntry } from './packageEntry';
import { remoteRecord } from './remoteRecord';
import { remoteReleases } from './remoteReleases';

type Shared = NonNullable<Parameters<typeof init>[0]['shared']>;
type Versions = Record<string, { version: string; requiredVersion: string }>;

/** The shell's own copies of every singleton, so a remote renders inside the shell's React and swr. */
const PACKAGES: Record<string, unknown> = {
  react: React,
  'react/jsx-runtime': ReactJsxRuntime,
  'react-dom': ReactDom,
  'react-dom/client': ReactDomClient,
  swr: Swr,
};

/**
 * The contracts' modules today's remotes take by path, bundled with the code that uses them: those built on the
 * validation library (a form's schemas) and the sun's times (the session form's). A remote of an earlier release
 * imports them from the shell, and only then are they fetched.
 */
const ON_REQUEST_MODULES = import.meta.glob<Record<string, unknown>>(
  '../../../../../packages/contracts/src/{opening-balance,progress-summary,readiness-schema,responses,schemas,session-fields,sun,text-fields,visible-text,zod}.ts',
);

/** Every file of the workspace packages, under the name a remote imports it by (`@logbook/ui/Button`). */
const WORKSPACE_MODULES: Record<string, Record<string, unknown>> = {
  '@logbook/ui/': import.meta.glob('../../../../../packages/ui/src/components/*.tsx', { eager: true }),
  '@logbook/ui/lib/': import.meta.glob('../../../../../packages/ui/src/lib/*.ts', { eager: true }),
  '@logbook/shell-context/': import.meta.glob(
    ['../../../../../packages/shell-context/src/*.ts', '!../../../../../packages/shell-context/src/shared.ts'],
    { eager: true },
  ),
  // Only what the front ends read as they draw, none of it using the validation library: one copy serves every remote.
  // Modules for the services alone (the hash chain uses node:crypto; readiness counts under the rules; the map of
  // every route's answer and the routes' declarations serve the API description) are not offered, nor the states'
  // rule data, which the settings screen loads with its own code when it opens, nor the supervisor's signing page's
  // and the session fields' places it reads (the shell's own public page), nor the parts the screens read by path with their own chunks (the courses, what
  // an entry carries, a supervisor's licence, and the clock and month arithmetic the rules and readiness use). The
  // schemas and the sun are offered apart (ON_REQUEST_MODULES).
  '@logbook/contracts/': import.meta.glob(
    [
      '../../../../../packages/contracts/src/*.ts',
      '!../../../../../packages/contracts/src/{account,api-answers,api-routes,auth-api,billing-api,clock,coordinates,course-credits,course-ids,entry-fields,gateway-api,hash-chain,insights,internal-api,logbook-api,months,readiness,session-field-places,sign-off,state-rules,student-courses,student-usernames,students-api,supervisor-licence,view}.ts',
      // The same files as ON_REQUEST_MODULES.
      '!../../../../../packages/contracts/src/{opening-balance,progress-summary,readiness-schema,responses,schemas,session-fields,sun,text-fields,visible-text,zod}.ts',
    ],
    { eager: true },
  ),
};

/**
 * Each workspace package's shared entry (`@logbook/ui/shared`), which the remotes import the package through: one
 * shared module per package rather than one per file, as each costs a remote's first view some loading code. The entry
 * re-exports every file offered above, so the shell offers it as those files' members together (packageEntry.ts),
 * the same objects a remote importing a file by its path (one of an earlier release) is given.
 */
const WORKSPACE_ENTRIES: Record<string, unknown> = {
  '@logbook/ui/shared': packageEntry([WORKSPACE_MODULES['@logbook/ui/'], WORKSPACE_MODULES['@logbook/ui/lib/']]),
  '@logbook/shell-context/shared': packageEntry([WORKSPACE_MODULES['@logbook/shell-context/']]),
  '@logbook/contracts/view': packageEntry([WORKSPACE_MODULES['@logbook/contracts/']]),
};

/** Each of those modules by the name a remote asks for it by, fetched when one does. */
const ON_REQUEST_ENTRIES: Record<string, () => Promise<unknown>> = Object.fromEntries(
  Object.entries(ON_REQUEST_MODULES).map(([file, load]) => [
    `@logbook/contracts/${file.replace(/^.*\//, '').replace(/\.ts$/, '')}`,
    load,
  ]),
);
// The entry remotes of release 1.1 import the contracts through, with those modules: fetched when one asks.
ON_REQUEST_ENTRIES['@logbook/contracts/shared'] = async () =>
  packageEntry([
    WORKSPACE_MODULES['@logbook/contracts/'],
    Object.fromEntries(
      await Promise.all(Object.entries(ON_REQUEST_MODULES).map(async ([f, load]) => [f, await load()])),
    ),
  ]);

let legacyRouter: Promise<typeof import('./legacyRouter')> | undefined;
const loadLegacyRouter = () => (legacyRouter ??= import('./legacyRouter'));

/** The legacy router's module once a remote has asked for the router, else null. */
export const legacyRouterAsked = () => legacyRouter?.catch(() => null) ?? Promise.resolve(null);

function sharedModules(versions: Versions): Shared {
  const shared: Shared = {};
  const provide = (name: string, lib: unknown, versionOf: string) => {
    const { version, requiredVersion } = versions[versionOf];
    shared[name] = {
      version,
      lib: () => lib,
      shareConfig: { singleton: true, strictVersion: true, requiredVersion },
    };
  };
  for (const [name, lib] of Object.entries(PACKAGES)) provide(name, lib, name.replace(/\/.*$/, ''));
  for (const [name, lib] of Object.entries(WORKSPACE_ENTRIES)) provide(name, lib, name.replace(/[^/]*$/, ''));
  for (const [name, load] of Object.entries(ON_REQUEST_ENTRIES)) {
    const { version, requiredVersion } = versions['@logbook/contracts/'];
    shared[name] = {
      version,
      get: () => load().then((lib) => () => lib),
      shareConfig: { singleton: true, strictVersion: true, requiredVersion },
    };
  }
  for (const [prefix, files] of Object.entries(WORKSPACE_MODULES)) {
    const packageName = prefix.split('/').slice(0, 2).join('/') + '/';
    for (const [file, lib] of Object.entries(files)) {
      const base = file.replace(/^.*\//, '').replace(/\.tsx?$/, '');
      provide(`${prefix}${base}`, lib, packageName);
    }
  }
  // A remote built while the router was shared still asks for it: it gets a whole copy of its own, fetched only then,
  // and its screens are drawn inside that copy's router, fed by the shell's (legacyRouter.tsx).
  for (const name of ['react-router', 'react-router-dom'] as const) {
    const { version, requiredVersion } = versions[name];
    shared[name] = {
      version,
      get: () =>
        loadLegacyRouter().then(
          ({ legacyRouterModule }) =>
            () =>
              legacyRouterModule,
        ),
      shareConfig: { singleton: true, strictVersion: true, requiredVersion },
    };
  }
  return shared;
}

// The remotes are built to use this page's federation runtime rather than bring their own copy: it is published where
// they look for it before any remote entry runs (their version.json names the range they need; releaseCompatibility.ts).
const runtimeGlobal = globalThis as { _FEDERATION_RUNTIME_CORE?: unknown };
runtimeGlobal._FEDERATION_RUNTIME_CORE ??= federationRuntimeCore;

// Before any instance is made: the remotes' own instances (mf-student's, embedding mf-sessions) load through it too.
// The outdated screen is fetched only for a release this page cannot run.
registerGlobalPlugins([remoteReleases(() => import('../components/RemoteOutdated').then((m) => m.RemoteOutdated))]);

init({
  name: 'shell',
  remotes: (Object.keys(REMOTES) as RemoteScope[]).map((scope) => remoteRecord(scope)),
  shared: sharedModules(__SHARED_PACKAGES__),
  shareStrategy: 'loaded-first',
});

export { loadRemote } from '@module-federation/runtime';
export { isOutdatedFallback } from './remoteReleases';
// Offered to the remotes above, so in this file already: the shell asks a screen's students ahead with them
// (preloadScreenData in AppRoutes.tsx) without splitting them into a file of their own.
export { STUDENTS_KEY, fetchStudent, fetchStudents, studentKey } from '@logbook/shell-context/students';
