import { getInstance, loadRemote, registerRemotes } from '@module-federation/runtime';
import type { ComponentType } from 'react';
import { REMOTES, remoteEntryUrl, type RemoteScope } from '../../../lib/remotes';

type RemoteRecord = { name: RemoteScope; entry: string; type: 'module'; entryGlobalName: string };

function record(scope: RemoteScope, attempt = 0): RemoteRecord {
  const entry = new URL(remoteEntryUrl(scope), location.href);
  // After a failure the query string makes a new module URL: the browser keeps a failed module fetch for the
  // life of the page.
  if (attempt > 0) entry.searchParams.set('attempt', String(attempt));
  return { name: scope, entry: entry.href, type: 'module', entryGlobalName: scope };
}

/** Tells the federation runtime where each remote lives; nothing is fetched until a screen is opened. */
export function registerAppRemotes() {
  registerRemotes((Object.keys(REMOTES) as RemoteScope[]).map((scope) => record(scope)));
}

/** Loads one exposed screen, e.g. 'mf_parent/Dashboard'. */
export async function loadRemoteScreen(id: `${RemoteScope}/${string}`): Promise<{ default: ComponentType }> {
  const mod = await loadRemote<{ default: ComponentType }>(id);
  if (!mod?.default) throw new Error(`${id} is not available`);
  return mod;
}

/** Forgets a remote whose entry failed to load so the next attempt fetches it again; false if it cannot. */
export function resetRemote(scope: RemoteScope, attempt: number): boolean {
  if (!getInstance()) return false;
  registerRemotes([record(scope, attempt)], { force: true });
  return true;
}
