import { remoteEntryUrl, type RemoteScope } from '../../../lib/remotes';

export type RemoteRecord = { name: RemoteScope; entry: string; type: 'module'; entryGlobalName: string };

export function remoteRecord(scope: RemoteScope): RemoteRecord {
  return {
    name: scope,
    entry: new URL(remoteEntryUrl(scope), location.href).href,
    type: 'module',
    entryGlobalName: scope,
  };
}
