// The database filled with other families' log books, and the embedded database's own cost of what a post asks of it.
import mongoose from 'mongoose';
import { median, round } from './lib.mjs';

/** Other families' students start here, far above any id the services hand out during a run. */
const FIRST_STUDENT = 5_000_000;
const FIRST_SESSION = 50_000_000;
/** Sessions per cloned student: about one whole log book (75 hours in drives of 45 to 60 minutes). */
const PER_STUDENT = 100;

/** A connection of the bench's own to the stack's database. */
export function openDatabase(stack) {
  return mongoose.createConnection(stack.databaseUri, { dbName: stack.databaseName }).asPromise();
}

/** A real session and its signatures record, as svc-logbook stored them: the pattern every clone copies. */
export async function templateOf(db, studentId) {
  const session = await db.collection('driving_sessions').findOne({ studentId, signaturesId: { $exists: true } });
  const signatures = session && (await db.collection('session_signatures').findOne({ _id: session.signaturesId }));
  if (!session || !signatures) throw new Error(`no stored session of student ${studentId} to copy`);
  return { session, signatures };
}

/** Clone number `n` of the template session, for `studentId`, pointing at the signatures record `bench-${n}`. */
function cloneSession(template, n, studentId) {
  return {
    ...template.session,
    _id: FIRST_SESSION + n,
    studentId,
    clientId: `bench-${n}`,
    signaturesId: `bench-${n}`,
    previousHash: `bench-previous-${n}`,
    hash: `bench-${n}`,
  };
}

/**
 * Adds other families' sessions (each with its own signatures record, full size) until `total` are stored. Each cloned
 * student has a chain of their own (distinct hashes), so the unique indexes hold as they do for real log books.
 */
export async function fillTo(db, total, template, state) {
  const started = performance.now();
  const sessions = db.collection('driving_sessions');
  const missing = total - (await sessions.countDocuments());
  const docs = [];
  const sigs = [];
  for (let k = 0; k < missing; k++) {
    const n = state.next++;
    const studentId = FIRST_STUDENT + Math.floor(n / PER_STUDENT);
    docs.push(cloneSession(template, n, studentId));
    sigs.push({ ...template.signatures, _id: `bench-${n}`, studentId });
  }
  // As few batches as the driver allows: the embedded database checks every unique index over the whole collection
  // on each insert, so many small batches would take far longer than a few large ones.
  if (missing > 0) {
    await db.collection('session_signatures').insertMany(sigs, { ordered: false });
    await sessions.insertMany(docs, { ordered: false });
  }
  return { stored: await sessions.countDocuments(), fillMs: round(performance.now() - started, 0) };
}

/**
 * What a post asks of the database, asked straight through the driver with nothing else running: the median ms of
 * each, so the services' own time can be told from the embedded database's.
 */
export async function databaseAlone(db, template, state, rounds = 40) {
  const sessions = db.collection('driving_sessions');
  const signatures = db.collection('session_signatures');
  const students = db.collection('students');
  const times = { studentRead: [], signaturesInsert: [], sessionInsert: [], chainHeadRead: [], latestSessionRead: [] };
  const time = async (name, op) => {
    const started = performance.now();
    await op();
    times[name].push(performance.now() - started);
  };
  const studentId = FIRST_STUDENT - 1 - state.probes++;
  const anyStudent = await students.findOne({}, { projection: { _id: 1 } });
  for (let r = 0; r < rounds; r++) {
    const n = state.next++;
    await time('studentRead', () => students.findOne({ _id: anyStudent?._id ?? 1 }));
    await time('signaturesInsert', () =>
      signatures.insertOne({ ...template.signatures, _id: `bench-${n}`, studentId }),
    );
    await time('chainHeadRead', () => db.collection('session_chains').findOne({ _id: studentId }));
    await time('latestSessionRead', () => sessions.find({ studentId }).sort({ _id: -1 }).limit(1).toArray());
    await time('sessionInsert', () => sessions.insertOne(cloneSession(template, n, studentId)));
  }
  return Object.fromEntries(Object.entries(times).map(([k, v]) => [k, round(median(v), 2)]));
}
