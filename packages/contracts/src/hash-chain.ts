import { createHash } from 'node:crypto';

/** The hash before a student's first session. */
export const GENESIS_HASH = '0'.repeat(64);

/** The fields a session's hash covers, in a fixed order (signatures included, so a swapped signature breaks it). */
export const HASHED_FIELDS = [
  'id',
  'studentId',
  'date',
  'startTime',
  'endTime',
  'duration',
  'startSuburb',
  'endSuburb',
  'timeOfDay',
  'trafficConditions',
  'roadConditions',
  'studentSignature',
  'supervisorName',
  'supervisorLicenseNumber',
  'supervisorSignature',
] as const;

export type HashedSession = { [K in (typeof HASHED_FIELDS)[number]]: string | number } & {
  /** Only on sessions logged with a position: a session without one hashes exactly as it always has. */
  coordinates?: { latitude: number; longitude: number };
  /*
   * Each of these is sealed only when the session has it, so sessions logged before they were asked hash exactly as
   * they always have.
   */
  weatherConditions?: string;
  supervisorIsInstructor?: boolean;
  /** The entry a correction replaces. */
  correctionOf?: number;
};

/** SHA-256 over the session's content and the previous session's hash (server side only: uses node:crypto). */
export function sessionHash(session: HashedSession, previousHash: string): string {
  const content = HASHED_FIELDS.map((f) => [f, String(session[f])]);
  const where = session.coordinates;
  if (where) content.push(['coordinates', `${where.latitude},${where.longitude}`]);
  if (typeof session.weatherConditions === 'string') content.push(['weatherConditions', session.weatherConditions]);
  if (typeof session.supervisorIsInstructor === 'boolean') {
    content.push(['supervisorIsInstructor', String(session.supervisorIsInstructor)]);
  }
  if (typeof session.correctionOf === 'number') content.push(['correctionOf', String(session.correctionOf)]);
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
