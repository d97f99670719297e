import zlib from 'node:zlib';
import { SessionChainModel } from '../chain/model';

/**
 * Each student's whole list of sessions, kept in memory and answered again while the student's chain head is
 * unchanged. Every session the service logs moves the head (recorded in session_chains right after the session is
 * stored), so a list is never reused once another instance has logged a session; reading the head is one small
 * lookup by id where the list is hundreds of documents.
 */
interface CachedList<T> {
  version: string;
  /** Every entry, superseded and removed ones included. */
  sessions: T[];
  /** Chosen lists made from `sessions` (the entries in force, say), each kept with its JSON and gzip once asked for. */
  views: Map<string, ListView<T>>;
}

interface ListView<T> {
  sessions: T[];
  json?: Buffer;
  gzip?: Buffer;
}

/** Bounds the memory held: about half a kilobyte per session. */
const MAX_CACHED_SESSIONS = 100_000;

const lists = new Map<number, CachedList<unknown>>();
let cachedSessions = 0;

function forget(studentId: number) {
  const old = lists.get(studentId);
  if (!old) return;
  lists.delete(studentId);
  cachedSessions -= old.sessions.length;
}

/**
 * The version of a student's log: the newest link and its id, and how many entries were corrected or removed. Null
 * before the chain exists (nothing is kept then).
 */
export async function listVersion(studentId: number): Promise<string | null> {
  const chain = await SessionChainModel.findById(studentId).select({ head: 1, lastId: 1, changes: 1 }).lean();
  return chain ? `${chain.lastId}:${chain.head}:${chain.changes ?? 0}` : null;
}

/** Count one more entry marked superseded or removed, so every instance stops reusing the lists it holds. */
export async function recordChange(studentId: number): Promise<void> {
  forget(studentId);
  await SessionChainModel.updateOne({ _id: studentId }, { $inc: { changes: 1 } });
}

/**
 * The student's sessions, from memory when `version` (read before `load` would run) still matches, else loaded and
 * kept. The version is read first so that a list is never newer-looking than what it holds.
 */
export async function sessionsAtVersion<T>(
  studentId: number,
  version: string | null,
  load: () => Promise<T[]>,
): Promise<CachedList<T>> {
  const hit = lists.get(studentId) as CachedList<T> | undefined;
  if (hit && version !== null && hit.version === version) {
    // Most recently used last: the oldest entries go first when memory is short.
    lists.delete(studentId);
    lists.set(studentId, hit);
    return hit;
  }
  const sessions = await load();
  if (version === null) return { version: '', sessions, views: new Map() };
  forget(studentId);
  const entry: CachedList<T> = { version, sessions, views: new Map() };
  lists.set(studentId, entry);
  cachedSessions += sessions.length;
  for (const [id] of lists) {
    if (cachedSessions <= MAX_CACHED_SESSIONS) break;
    forget(id);
  }
  return entry;
}

/** The entries `choose` keeps, chosen once per version under `name`. */
export function listView<T>(entry: CachedList<T>, name: string, choose: (s: T) => boolean): ListView<T> {
  let view = entry.views.get(name);
  if (!view) {
    view = { sessions: entry.sessions.filter(choose) };
    entry.views.set(name, view);
  }
  return view;
}

/** A list as JSON, made once per version. */
export function listJson<T>(view: ListView<T>): Buffer {
  view.json ??= Buffer.from(JSON.stringify(view.sessions));
  return view.json;
}

/** The same JSON gzipped, also made once per version: a long list is a tenth of the size on a phone's connection. */
export function listGzip<T>(view: ListView<T>): Buffer {
  view.gzip ??= zlib.gzipSync(listJson(view), { level: 6 });
  return view.gzip;
}

/** Drops a student's list here (a session was stored but its link could not be recorded). */
export const forgetList = forget;
