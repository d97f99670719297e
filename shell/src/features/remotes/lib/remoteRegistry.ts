import type { ComponentType } from 'react';
import type { RemoteScope } from '../../../lib/remotes';
import { remoteRecord } from './remoteRecord';

/** The federation runtime and the shared modules, fetched the first time a remote's screen or code is needed. */
const federation = () => import('./federationHost');

/** Starts fetching the runtime early when the app opens on a remote's screen. */
export function preloadFederation() {
  void federation().catch(() => undefined);
}

/** Loads one exposed screen, e.g. 'mf_parent/Dashboard'. */
export async function loadRemoteScreen(id: `${RemoteScope}/${string}`): Promise<{ default: ComponentType }> {
  const { loadRemote } = await federation();
  const mod = await loadRemote<{ default: ComponentType }>(id);
  if (!mod?.default) throw new Error(`${id} is not available`);
  return mod;
}

/** The router copy given to remotes built while the router was shared, once one of them has asked for it. */
export async function legacyRouting() {
  const { legacyRouterAsked } = await federation();
  return legacyRouterAsked();
}

/** Loads any other module a remote exposes, e.g. 'mf_sessions/outbox'. */
export async function loadRemoteModule<T>(id: `${RemoteScope}/${string}`): Promise<T | null> {
  const { loadRemote } = await federation();
  return loadRemote<T>(id);
}

/** Forgets a remote whose entry failed to load so the next attempt fetches it again; false if it cannot. */
export async function resetRemote(scope: RemoteScope, attempt: number): Promise<boolean> {
  try {
    const { getInstance, registerRemotes } = await federation();
    if (!getInstance()) return false;
    registerRemotes([remoteRecord(scope, attempt)], { force: true });
    return true;
  } catch {
    return false;
  }
}
