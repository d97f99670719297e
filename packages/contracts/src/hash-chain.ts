import { createHash } from 'node:crypto';
import type { Coordinates } from './coordinates';
import { SESSION_HASH } from './session-fields';

/** The hash before a student's first session. */
export const GENESIS_HASH = '0'.repeat(64);

/**
 * The fields a session's hash always covers, in a fixed order (signatures included, so a swapped signature breaks it),
 * read from the session's registry: `id` then `SESSION_HASH.always`.
 */
export const HASHED_FIELDS = ['id', ...SESSION_HASH.always] as const;

/** The fields sealed only when a session has them, in this order, so sessions from before they existed hash as always. */
export const HASHED_WHEN_PRESENT = SESSION_HASH.whenPresent;

type SealedValue = string | number | boolean | Coordinates;

export type HashedSession = { [K in (typeof HASHED_FIELDS)[number]]: string | number } & {
  [K in (typeof HASHED_WHEN_PRESENT)[number]]?: SealedValue;
} & {
  /** Only on sessions logged with a position: a session without one hashes exactly as it always has. */
  coordinates?: Coordinates;
};

/** How a sealed value is written into the hashed content (a position as "latitude,longitude"). */
const sealed = (value: SealedValue): string =>
  typeof value === 'object' ? `${value.latitude},${value.longitude}` : String(value);

/** SHA-256 over the session's content and the previous session's hash (server side only: uses node:crypto). */
export function sessionHash(session: HashedSession, previousHash: string): string {
  const content = HASHED_FIELDS.map((f) => [f, String(session[f])]);
  for (const field of HASHED_WHEN_PRESENT) {
    const value = session[field];
    if (value !== undefined && value !== null) content.push([field, sealed(value)]);
  }
  return createHash('sha256').update(JSON.stringify({ previousHash, content })).digest('hex');
}

export interface ChainCheck {
  intact: boolean;
  /** The first entry whose content or link no longer matches. */
  brokenAt?: { index: number; id: number | string };
}

/** Checks a student's sessions in the order they were logged. */
export function verifyChain(
  sessions: ReadonlyArray<HashedSession & { hash?: string; previousHash?: string }>,
): ChainCheck {
  let previous = GENESIS_HASH;
  for (let index = 0; index < sessions.length; index++) {
    const s = sessions[index];
    if (s.previousHash !== previous || s.hash !== sessionHash(s, previous)) {
      return { intact: false, brokenAt: { index, id: s.id } };
    }
    previous = s.hash;
  }
  return { intact: true };
}

export const shortHash = (hash: string) => hash.slice(0, 10);
