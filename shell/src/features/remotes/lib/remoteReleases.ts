import type { ComponentType } from 'react';
import type { ModuleFederationRuntimePlugin } from '@module-federation/runtime';
import { unmetFor } from './releaseCompatibility';
import { forgetRelease } from './releaseManifest';

/** A remote release built for shared packages this page does not offer. */
class OutdatedRelease extends Error {}

/** What a remote's outdated release is answered with in place of the module asked for. */
export interface OutdatedFallback {
  default: ComponentType;
  outdatedRelease: true;
}

export const isOutdatedFallback = (mod: unknown): mod is OutdatedFallback =>
  typeof mod === 'object' && mod !== null && 'outdatedRelease' in mod;

/**
 * How every front end on the page loads another's code, as a plugin of the page's federation runtime (registered for
 * every federation instance: the shell's and those of remotes that embed others, such as mf-student's).
 * - Before a remote's entry is fetched, its release's version.json is checked against what the page shares: a
 *   release this page cannot run is answered with the outdated screen, and its entry is never run.
 * - A remote released since the page loaded its entry has removed the chunks that entry names: when a module cannot
 *   load, the remote's current entry is fetched once and the module asked of it, so a release never shows an error
 *   to someone with the app open. When that fails too (the remote is down), the first error stands, for the screen
 *   or the widget to show; the next attempt fetches the entry afresh again.
 */
export function remoteReleases(outdatedScreen: () => Promise<ComponentType>): ModuleFederationRuntimePlugin {
  let refreshes = 0;
  const recovering = new Set<string>();
  return {
    name: 'logbook-remote-releases',

    async afterResolve(match) {
      const unmet = await unmetFor(match.remoteInfo.entry);
      if (unmet.length > 0) {
        const name = match.remoteInfo.entryGlobalName || match.remote.name;
        console.error(`${name} was built for shared packages this page does not offer:\n  ${unmet.join('\n  ')}`);
        throw new OutdatedRelease(name);
      }
      return match;
    },

    async errorLoadRemote({ id, error, origin, remote, lifecycle }) {
      if (lifecycle !== 'onLoad' || !remote) return undefined;
      forgetRelease(remote.entry);
      if (error instanceof OutdatedRelease) {
        return { default: await outdatedScreen(), outdatedRelease: true } satisfies OutdatedFallback;
      }
      const key = `${origin.name}:${id}`;
      const registered = origin.options.remotes.find((r) => r.name === remote.name);
      if (recovering.has(key) || !registered || !('entry' in registered)) return undefined;
      refreshes += 1;
      // A URL no other load has used: the browser keeps every module it fetched by its URL for the life of the page.
      const entry = new URL(registered.entry, location.href);
      entry.searchParams.set('attempt', String(refreshes));
      origin.registerRemotes([{ ...registered, entry: entry.href }], { force: true });
      console.warn(`${id}: fetching ${remote.name}'s entry again`, error);
      recovering.add(key);
      try {
        return await origin.loadRemote(id);
      } catch {
        throw error;
      } finally {
        recovering.delete(key);
      }
    },
  };
}
