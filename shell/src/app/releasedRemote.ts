import type { ComponentType } from 'react';
import { legacyRouting, loadRemoteScreen as loadFromEntry, resetRemote } from '../features/remotes/lib/remoteRegistry';
import { REMOTES, remoteEntryUrl, type RemoteScope } from '../lib/remotes';
import { RemoteOutdated } from './RemoteOutdated';

type SharedVersions = Record<string, { version: string; requiredVersion: string }>;

/** '^2.0.0' is met by 2.x.y ≥ 2.0.0, '~2.1.0' by 2.1.y ≥ 2.1.0; the builds write caret, tilde or exact ranges. */
export function satisfies(version: string, range: string): boolean {
  const [vMaj, vMin, vPat] = version.split('.').map((n) => parseInt(n, 10));
  const [rMaj, rMin = 0, rPat = 0] = range
    .replace(/^[\^~=]/, '')
    .split('.')
    .map((n) => parseInt(n, 10));
  const atLeast = vMin > rMin || (vMin === rMin && vPat >= rPat);
  if (range.startsWith('^')) return vMaj === rMaj && atLeast;
  if (range.startsWith('~')) return vMaj === rMaj && vMin === rMin && vPat >= rPat;
  return vMaj === rMaj && vMin === rMin && vPat === rPat;
}

/** What this page offers each remote, by package name (a workspace package is shared by prefix: `@logbook/ui/`). */
const offered: SharedVersions = Object.fromEntries(
  Object.entries(typeof __SHARED_PACKAGES__ === 'undefined' ? {} : __SHARED_PACKAGES__).map(([name, v]) => [
    name.replace(/\/$/, ''),
    v,
  ]),
);

/**
 * What a remote cannot bring a copy of when the page lacks it: the federation runtime it runs on. A shared package the
 * page does not offer at all is otherwise the remote's own business (it falls back to the copy it carries).
 */
const FROM_PAGE_ONLY = new Set(['@module-federation/runtime-core']);

/** The shared packages a remote's build needs and this page cannot give it, as readable lines. */
export function unmetSharedVersions(remote: SharedVersions, shell: SharedVersions = offered): string[] {
  return Object.entries(remote).flatMap(([name, { requiredVersion }]) => {
    const mine = shell[name];
    if (!mine)
      return FROM_PAGE_ONLY.has(name) ? [`${name}: the remote needs ${requiredVersion}, this page offers none`] : [];
    return !satisfies(mine.version, requiredVersion)
      ? [`${name}: the remote needs ${requiredVersion}, this page offers ${mine.version}`]
      : [];
  });
}

/**
 * Whether the remote now released can run in this page, from its version.json. Unknown (offline, an older build
 * without one) counts as compatible: the federation runtime's own version check still stands behind this one.
 */
const compatibility = new Map<RemoteScope, Promise<string[]>>();
function unmetFor(scope: RemoteScope): Promise<string[]> {
  let check = compatibility.get(scope);
  if (!check) {
    check = fetch(`/mf/${REMOTES[scope]}/version.json`, { cache: 'no-cache', credentials: 'omit' })
      .then(async (res) => (res.ok ? ((await res.json()) as { shared?: SharedVersions }) : {}))
      .then((release) => unmetSharedVersions(release.shared ?? {}))
      .catch(() => []);
    compatibility.set(scope, check);
  }
  return check;
}

/**
 * Starts fetching, without running anything, what opening a remote's screen will wait for: its version.json (the
 * check above) and its entry. Both then arrive alongside the shell's own code instead of one after another.
 */
export function prefetchRemote(scope: RemoteScope) {
  void unmetFor(scope);
  const href = new URL(remoteEntryUrl(scope), location.href).href;
  if (document.querySelector(`link[rel="modulepreload"][href="${href}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.href = href;
  document.head.appendChild(link);
}

let refreshes = 0;

async function loadChecked(scope: RemoteScope, id: `${RemoteScope}/${string}`) {
  const unmet = await unmetFor(scope);
  if (unmet.length > 0) {
    compatibility.delete(scope);
    console.error(`${scope} was built for shared packages this page does not offer:\n  ${unmet.join('\n  ')}`);
    return { default: RemoteOutdated as ComponentType };
  }
  const screen = await loadFromEntry(id);
  // A remote built while the router was shared (some releases of which have no version.json) asked the page for it
  // as its code loaded: its screens are drawn inside a router of their own.
  const legacy = await legacyRouting();
  return legacy ? { default: legacy.withLegacyRouter(screen.default) } : screen;
}

/**
 * Loads one exposed screen, e.g. 'mf_parent/Dashboard'. A remote released since this page loaded its entry has
 * removed the chunks that entry names: when a screen cannot load, the current entry is fetched once and the screen
 * asked of it, so a release never shows an error screen to someone with the app open.
 */
export async function loadRemoteScreen(id: `${RemoteScope}/${string}`): Promise<{ default: ComponentType }> {
  const scope = id.slice(0, id.indexOf('/')) as RemoteScope;
  try {
    return await loadChecked(scope, id);
  } catch (error) {
    compatibility.delete(scope);
    refreshes += 1;
    // A URL no other load has used: the browser keeps every module it fetched by its URL for the life of the page.
    if (!(await resetRemote(scope, 1_000_000 + refreshes))) throw error;
    console.warn(`${id} could not load from the entry this page had; fetching ${scope}'s entry again`, error);
    try {
      return await loadChecked(scope, id);
    } catch {
      throw error;
    }
  }
}
