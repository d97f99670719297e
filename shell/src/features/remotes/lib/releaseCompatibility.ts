import { releaseOf, type SharedVersions } from './releaseManifest';

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

/** What this page offers each remote, by package name. */
const offered: SharedVersions = typeof __SHARED_PACKAGES__ === 'undefined' ? {} : __SHARED_PACKAGES__;

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
 * Whether the release now served at a remote entry can run in this page. Unknown (offline, an older build without a
 * version.json) counts as compatible: the federation runtime's own version check still stands behind this one.
 */
export const unmetFor = (entry: string) =>
  releaseOf(entry).then((release) => unmetSharedVersions(release.shared ?? {}));
