import { remoteEntryUrl, type RemoteScope } from '../../../lib/remotes';

export type RemoteRecord = { name: RemoteScope; entry: string; type: 'module'; entryGlobalName: string };

export function remoteRecord(scope: RemoteScope, attempt = 0): RemoteRecord {
  const entry = new URL(remoteEntryUrl(scope), location.href);
  // After a failure the query string makes a new module URL: the browser keeps a failed module fetch for the
  // life of the page.
  if (attempt > 0) entry.searchParams.set('attempt', String(attempt));
  return { name: scope, entry: entry.href, type: 'module', entryGlobalName: scope };
}
