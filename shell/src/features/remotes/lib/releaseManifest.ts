export type SharedVersions = Record<string, { version: string; requiredVersion: string }>;

/**
 * What a release says of itself that the page reads: its shared packages, the files each screen needs first, and the
 * other remotes' modules a screen draws as it opens.
 */
export interface Release {
  shared?: SharedVersions;
  firstView?: Record<string, string[]>;
  firstEmbeds?: Record<string, Record<string, string[]>>;
}

/** A release describes itself in the version.json beside its remote entry: the shared packages it was built for. */
const versionUrlOf = (entry: string) => new URL('version.json', new URL(entry, location.href)).href;

/**
 * The version.json of the release now served at a remote entry, fetched once per release ({} when there is none or it
 * cannot be had): a failed load forgets it, as a new release may be behind the failure.
 */
const releases = new Map<string, Promise<Release>>();
export function releaseOf(entry: string): Promise<Release> {
  const url = versionUrlOf(entry);
  let release = releases.get(url);
  if (!release) {
    // The one public/page-kind.js asked for as the page opened is taken, once.
    const page = window as { remoteRelease?: { url: string; answer: Promise<Response> } };
    const asked = page.remoteRelease?.url === url ? page.remoteRelease.answer : undefined;
    if (asked) delete page.remoteRelease;
    release = (asked ?? fetch(url, { cache: 'no-cache', credentials: 'omit' }))
      .then(async (res) => (res.ok ? ((await res.json()) as Release) : {}))
      .catch(() => ({}));
    releases.set(url, release);
  }
  return release;
}

export const forgetRelease = (entry: string) => releases.delete(versionUrlOf(entry));
