import type { ComponentType } from 'react';
import { remoteEntryUrl, type RemoteScope } from '../../../lib/remotes';
import { releaseOf } from './releaseManifest';

/**
 * The federation runtime and the shared modules, fetched the first time a remote's screen or code is needed. Every
 * load goes through its release plugin (remoteReleases.ts): an outdated release, a release made under the open page.
 */
const federation = () => import('./federationHost');

/** Starts fetching the runtime early when the app opens on a remote's screen. */
export function preloadFederation() {
  void federation().catch(() => undefined);
}

/** Whether the federation runtime is on the page; when it could not be fetched, only a reload brings it. */
export const federationLoads = () =>
  federation().then(
    () => true,
    () => false,
  );

/**
 * Starts fetching, without running anything, what opening a remote's screen will wait for: its version.json (the
 * release plugin's check) and its entry. Both then arrive alongside the shell's own code instead of one after another.
 */
export function prefetchRemote(scope: RemoteScope) {
  const href = new URL(remoteEntryUrl(scope), location.href).href;
  void releaseOf(href);
  if (document.querySelector(`link[rel="modulepreload"][href="${href}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.href = href;
  document.head.appendChild(link);
}

/** Loads one exposed screen, e.g. 'mf_parent/Dashboard'. */
export async function loadRemoteScreen(id: `${RemoteScope}/${string}`): Promise<{ default: ComponentType }> {
  const { loadRemote, legacyRouterAsked, isOutdatedFallback } = await federation();
  const screen = await loadRemote<{ default: ComponentType }>(id);
  if (!screen?.default) throw new Error(`${id} is not available`);
  if (isOutdatedFallback(screen)) return screen;
  // A remote built while the router was shared (some releases of which have no version.json) asked the page for it
  // as its code loaded: its screens are drawn inside a router of their own.
  const legacy = await legacyRouterAsked();
  return legacy ? { default: legacy.withLegacyRouter(screen.default) } : screen;
}

/** Loads any other module a remote exposes, e.g. 'mf_sessions/outbox'; null when it cannot run in this page. */
export async function loadRemoteModule<T>(id: `${RemoteScope}/${string}`): Promise<T | null> {
  const { loadRemote, isOutdatedFallback } = await federation();
  const mod = await loadRemote<T>(id);
  return isOutdatedFallback(mod) ? null : mod;
}
