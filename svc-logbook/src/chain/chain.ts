import {
  GENESIS_HASH,
  HASHED_WHEN_PRESENT,
  sessionHash,
  shortHash,
  type HashedSession,
} from '@logbook/contracts/hash-chain';
import { SESSION_HASH } from '@logbook/contracts/session-fields';
import { hoursFromDuration, roundToTenth } from '@logbook/contracts/duration';
import { isDuplicateKey } from '@logbook/service-kit/db';
import { project } from '../sessions/fields';
import { DrivingSessionModel, SEALED } from '../sessions/model';
import { sessionsWithSignatures, type StoredSession } from '../sessions/signatures';
import { SessionChainModel } from './model';

/** The stored fields a session's hash covers, plus the chain links. */
const CHAIN_FIELDS = {
  ...project(SESSION_HASH.always),
  ...project(SESSION_HASH.whenPresent),
  signaturesId: 1,
  previousHash: 1,
  hash: 1,
  // Not hashed: read to count what is in force.
  status: 1,
} as const;

/** The student's sealed sessions in the order logged, with their signatures, read `batchSize` at a time. */
function sealedInOrder(studentId: number, batchSize: number) {
  const cursor = DrivingSessionModel.find({ studentId, ...SEALED })
    .select(CHAIN_FIELDS)
    .sort({ _id: 1 })
    .batchSize(batchSize)
    .lean<StoredSession[]>()
    .cursor();
  return sessionsWithSignatures(cursor, { batchSize });
}

/** A stored session as the hash sees it (the numeric id is part of it, so an entry cannot be renumbered). */
export function hashedContent(doc: StoredSession): HashedSession {
  const stored = doc as Record<string, unknown>;
  const content: Record<string, unknown> = { id: doc._id };
  for (const field of SESSION_HASH.always) content[field] = stored[field];
  // Each is sealed only when stored: null weather ("not recorded") is sealed as absent, and a session logged without
  // a position hashes as sessions always have.
  for (const field of HASHED_WHEN_PRESENT) {
    if (stored[field] !== undefined && stored[field] !== null) content[field] = stored[field];
  }
  return content as HashedSession;
}

/**
 * Make sure the student's chain exists. Sessions logged before there was a chain are sealed into it the first time it
 * is needed, in the order they were logged: from then on a change to them shows, though a change made before cannot.
 * Sealing is deterministic, so two callers doing it at once write the same values. Answers the recorded head.
 */
export async function ensureChain(studentId: number): Promise<string> {
  const chain = await SessionChainModel.findById(studentId).select({ head: 1 }).lean();
  if (chain) return chain.head;
  let previous = GENESIS_HASH;
  let lastId = 0;
  const updates: Parameters<typeof DrivingSessionModel.bulkWrite>[0] = [];
  for await (const doc of sealedInOrder(studentId, 100)) {
    const hash = sessionHash(hashedContent(doc), previous);
    if (doc.hash === undefined) {
      // By id alone (the fast path on every server): a second sealer at the same moment writes the same values.
      updates.push({ updateOne: { filter: { _id: doc._id }, update: { $set: { previousHash: previous, hash } } } });
    }
    previous = hash;
    lastId = doc._id;
  }
  if (updates.length) await DrivingSessionModel.bulkWrite(updates, { ordered: false });
  try {
    await SessionChainModel.create({ _id: studentId, head: previous, lastId });
  } catch (err) {
    if (!isDuplicateKey(err)) throw err; // sealed by someone else at the same moment
  }
  return previous;
}

/** How far past the recorded head a tip is looked for before falling back to the newest hashed session. */
const MAX_HOPS = 1000;

/**
 * The hash a new session of this student follows: from the recorded head, along any sessions linked after it (the
 * head is recorded just after a session is stored, so it can be a step or two behind).
 */
export async function chainTip(studentId: number): Promise<string> {
  let tip = await ensureChain(studentId);
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    const next = await DrivingSessionModel.findOne({ studentId, previousHash: tip }).select({ hash: 1 }).lean();
    if (!next?.hash) return tip;
    tip = next.hash;
  }
  const last = await DrivingSessionModel.findOne({ studentId, hash: { $exists: true } })
    .sort({ _id: -1 })
    .select({ hash: 1 })
    .lean();
  return last?.hash ?? GENESIS_HASH;
}

/** Remember the newest link; an older one arriving late never moves the head back. */
export async function recordHead(studentId: number, id: number, hash: string): Promise<void> {
  await SessionChainModel.updateOne({ _id: studentId, lastId: { $lt: id } }, { $set: { head: hash, lastId: id } });
}

export interface ChainReport {
  intact: boolean;
  /** Entries in force, and their hours; corrected and removed entries are checked but counted apart. */
  sessionCount: number;
  correctionCount: number;
  removalCount: number;
  dayHours: number;
  nightHours: number;
  totalHours: number;
  /** The first entry (1-based, in the order logged) that no longer matches. */
  brokenAt?: { entry: number; date: string | null; hash: string | null; problem: 'changed' | 'missing' };
}

/**
 * Sessions read per batch when a chain is checked: with its signatures a session is up to half a megabyte, and each
 * batch is parsed and hashed in one go, so a few at a time let other requests in between.
 */
const CHECK_BATCH = 8;

/** Walk a student's sessions in the order logged, one at a time, checking every link (as verifyChain does). */
export async function checkChain(studentId: number): Promise<ChainReport> {
  await ensureChain(studentId);
  const chain = await SessionChainModel.findById(studentId).lean();
  let previous = GENESIS_HASH;
  let count = 0;
  let inForce = 0;
  let corrections = 0;
  let removals = 0;
  let day = 0;
  let night = 0;
  let headSeen = !chain || chain.head === GENESIS_HASH;
  let brokenAt: ChainReport['brokenAt'];
  // A correction counts as one only of an entry in the chain: one that put right an entry still awaiting its
  // supervisor (never sealed) corrected nothing a reader of the log book could see.
  const sealedIds = new Set<number>();
  for await (const doc of sealedInOrder(studentId, CHECK_BATCH)) {
    count += 1;
    sealedIds.add(doc._id);
    if (typeof doc.correctionOf === 'number' && sealedIds.has(doc.correctionOf)) corrections += 1;
    if (doc.status === 'removed') removals += 1;
    if (doc.status === undefined) {
      inForce += 1;
      const hours = hoursFromDuration(doc.duration);
      if (doc.timeOfDay === 'night') night += hours;
      else if (doc.timeOfDay === 'day') day += hours;
    }
    if (doc.hash === chain?.head) headSeen = true;
    if (brokenAt) continue;
    const content = hashedContent(doc);
    if (doc.previousHash !== previous || doc.hash !== sessionHash(content, previous)) {
      // An entry whose own hash still holds but which follows a different one means the one before it went missing.
      const selfConsistent =
        typeof doc.hash === 'string' &&
        typeof doc.previousHash === 'string' &&
        doc.hash === sessionHash(content, doc.previousHash);
      brokenAt = {
        entry: count,
        date: typeof doc.date === 'string' ? doc.date : null,
        hash: typeof doc.hash === 'string' ? shortHash(doc.hash) : null,
        problem: selfConsistent ? 'missing' : 'changed',
      };
    }
    previous = doc.hash ?? '';
  }
  // The last entry removed leaves an intact-looking chain that no longer reaches the recorded head.
  if (!brokenAt && !headSeen) brokenAt = { entry: count + 1, date: null, hash: null, problem: 'missing' };
  return {
    intact: !brokenAt,
    sessionCount: inForce,
    correctionCount: corrections,
    removalCount: removals,
    dayHours: roundToTenth(day),
    nightHours: roundToTenth(night),
    totalHours: roundToTenth(day + night),
    ...(brokenAt ? { brokenAt } : {}),
  };
}
