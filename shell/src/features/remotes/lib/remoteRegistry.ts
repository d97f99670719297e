import type { ComponentType } from 'react';
import { REMOTES, remoteEntryUrl, type RemoteScope } from '../../../lib/remotes';
import { unmetSharedVersions } from './releaseCompatibility';
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

/** Asks the browser for a file now, without running it: a module, or a style sheet. */
function preloadFile(href: string) {
  const css = /\.css$/.test(new URL(href).pathname);
  const rel = css ? 'preload' : 'modulepreload';
  if (document.querySelector(`link[rel="${rel}"][href="${href}"]`)) return;
  const link = document.createElement('link');
  link.rel = rel;
  if (css) link.setAttribute('as', 'style');
  link.href = href;
  document.head.appendChild(link);
}

const isRemoteScope = (name: string): name is RemoteScope => Object.hasOwn(REMOTES, name);

/**
 * Starts fetching, without running anything, what opening a remote's screen will wait for: its version.json (the
 * release plugin's check) and its entry, then, once the release says which they are and that this page can run it,
 * every file the exposed screen needs first, and those of the other remotes' modules it draws as it opens. They arrive
 * together alongside the shell's own code instead of each being found in the last one's imports.
 */
const prefetched = new Set<string>();
export function prefetchRemote(scope: RemoteScope, exposed?: string) {
  const href = new URL(remoteEntryUrl(scope), location.href).href;
  const release = releaseOf(href);
  preloadFile(href);
  if (!exposed || prefetched.has(`${href}#${exposed}`)) return;
  prefetched.add(`${href}#${exposed}`);
  void release.then((r) => {
    if (unmetSharedVersions(r.shared ?? {}).length > 0) return;
    // Only the remote's own files: a list naming anything outside its folder is not followed.
    const folder = new URL('.', href).href;
    for (const file of r.firstView?.[exposed] ?? []) {
      const url = new URL(file, href).href;
      if (url.startsWith(folder)) preloadFile(url);
    }
    for (const [other, modules] of Object.entries(r.firstEmbeds?.[exposed] ?? {}))
      if (isRemoteScope(other) && other !== scope) for (const module of modules) prefetchRemote(other, module);
  });
}

/** Loads one exposed screen, e.g. 'mf_parent/Dashboard'. */
export async function loadRemoteScreen(id: `${RemoteScope}/${string}`): Promise<{ default: ComponentType }> {
  const { loadRemote } = await federation();
  const screen = await loadRemote<{ default: ComponentType }>(id);
  if (!screen?.default) throw new Error(`${id} is not available`);
  return screen;
}

/** Loads any other module a remote exposes, e.g. 'mf_sessions/outbox'; null when it cannot run in this page. */
export async function loadRemoteModule<T>(id: `${RemoteScope}/${string}`): Promise<T | null> {
  const { loadRemote, isOutdatedFallback } = await federation();
  const mod = await loadRemote<T>(id);
  return isOutdatedFallback(mod) ? null : mod;
}
