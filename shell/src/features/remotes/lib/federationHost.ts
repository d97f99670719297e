import { init, registerGlobalPlugins } from '@module-federation/runtime';
import * as federationRuntimeCore from '@module-federation/runtime/core';
import * as ContractsView from '@logbook/contracts/view';
import * as ShellContext from '@logbook/shell-context/shared';
import * as Ui from '@logbook/ui/shared';
import * as React from 'react';
import * as ReactJsxRuntime from 'react/jsx-runtime';
import * as ReactDom from 'react-dom';
import * as ReactDomClient from 'react-dom/client';
import * as Swr from 'swr';
import { REMOTES, remoteEntryUrl, type RemoteScope } from '../../../lib/remotes';
import { remoteReleases } from './remoteReleases';

type Shared = NonNullable<Parameters<typeof init>[0]['shared']>;

/**
 * The shell's own copies of every singleton, so a remote renders inside the shell's React and swr, and of each workspace
 * package's shared entry, the one module a remote imports the package through (scripts/federationShared.ts).
 */
const PACKAGES: Record<string, unknown> = {
  react: React,
  'react/jsx-runtime': ReactJsxRuntime,
  'react-dom': ReactDom,
  'react-dom/client': ReactDomClient,
  swr: Swr,
  '@logbook/contracts/view': ContractsView,
  '@logbook/shell-context/shared': ShellContext,
  '@logbook/ui/shared': Ui,
};

function sharedModules(): Shared {
  const shared: Shared = {};
  for (const [name, lib] of Object.entries(PACKAGES)) {
    const { version, requiredVersion } = __SHARED_PACKAGES__[name.replace(/^(@[^/]+\/[^/]+|[^@/]+)\/.*$/, '$1')];
    shared[name] = { version, lib: () => lib, shareConfig: { singleton: true, strictVersion: true, requiredVersion } };
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
  remotes: (Object.keys(REMOTES) as RemoteScope[]).map((scope) => ({
    name: scope,
    entry: new URL(remoteEntryUrl(scope), location.href).href,
    type: 'module',
    entryGlobalName: scope,
  })),
  shared: sharedModules(),
  shareStrategy: 'loaded-first',
});

export { loadRemote } from '@module-federation/runtime';
export { isOutdatedFallback } from './remoteReleases';
// Offered to the remotes above, so in this file already: the shell asks a screen's students ahead with them
// (preloadScreenData in AppRoutes.tsx) without splitting them into a file of their own.
export { STUDENTS_KEY, fetchStudent, fetchStudents, studentKey } from '@logbook/shell-context/students';
