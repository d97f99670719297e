import { useMemo, useSyncExternalStore } from 'react';
import { localDateISO, localTimeHHMM } from '@logbook/contracts/view';

/**
 * A drive being timed live on this device: one per student. Kept in the device's own storage (not the signed-in
 * account's), so the parent's dashboard shows a drive the student started on the same phone, and it survives a
 * reload, a closed tab, a locked phone and having no connection.
 */

export const runningDriveStorageKey = (studentId: number) => `learner-logbook:running-drive:${studentId}`;

/** A drive left running longer than this is asked when it really ended. */
export const LONG_DRIVE_MINUTES = 5 * 60;

/** A drive being timed, as kept on the device. */
export interface RunningDrive {
  studentId: number;
  /** The moment it started (ISO); the elapsed time is counted from it. */
  startedAt: string;
  /** The device's local date and time at the start, as the session form takes them. */
  date: string;
  startTime: string;
  startSuburb: string;
  /** Where the start was located, rounded to about 100 m, when location was allowed. */
  coordinates?: { latitude: number; longitude: number };
  /** Set by End Drive: the drive waits here until its session is logged or it is discarded. */
  ended?: { endedAt: string; endTime: string; endSuburb: string };
}

/** Something stored that has fields to read: an object, not null nor a list. */
type Entry = Record<string, unknown>;
const isEntry = (value: unknown): value is Entry =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A field kept as text: anything else reads as empty. */
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A student's id: a positive whole number, or the same written in digits. */
function readStudentId(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : undefined;
  return typeof value === 'string' && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : undefined;
}

/** A moment as text the clock can read (ISO). */
const isMoment = (value: unknown): value is string => typeof value === 'string' && !Number.isNaN(Date.parse(value));

const isDate = (value: unknown): value is string => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);

const isTime = (value: unknown): value is string => typeof value === 'string' && /^\d{2}:\d{2}$/.test(value);

const round3 = (n: number) => Math.round(n * 1000) / 1000;

const isDegrees = (value: unknown, limit: number): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= -limit && value <= limit;

/** A stored position, kept to about 100 m; a damaged one reads as none rather than losing the drive. */
function readCoordinates(value: unknown): RunningDrive['coordinates'] {
  if (!isEntry(value)) return undefined;
  const { latitude, longitude } = value;
  if (!isDegrees(latitude, 90) || !isDegrees(longitude, 180)) return undefined;
  return { latitude: round3(latitude), longitude: round3(longitude) };
}

/** The end End Drive kept; a damaged one reads as none, and the drive as still running. */
function readEnd(value: unknown): RunningDrive['ended'] {
  if (!isEntry(value)) return undefined;
  const { endedAt, endTime } = value;
  if (!isMoment(endedAt) || !isTime(endTime)) return undefined;
  return { endedAt, endTime, endSuburb: text(value.endSuburb) };
}

/**
 * A running drive as kept on the device, or undefined when it is not one: it needs its student, the moment it
 * started and the local date and time of the start. A suburb that is not text reads as empty; a position or an end
 * that cannot be read reads as none.
 */
export function readStoredRunningDrive(value: unknown): RunningDrive | undefined {
  if (!isEntry(value)) return undefined;
  const studentId = readStudentId(value.studentId);
  const { startedAt, date, startTime } = value;
  if (studentId === undefined || !isMoment(startedAt) || !isDate(date) || !isTime(startTime)) return undefined;
  const drive: RunningDrive = { studentId, startedAt, date, startTime, startSuburb: text(value.startSuburb) };
  if ('coordinates' in value) drive.coordinates = readCoordinates(value.coordinates);
  if ('ended' in value) drive.ended = readEnd(value.ended);
  return drive;
}

/** A drive about to be kept, as it will be read back; throws when it could not be read back at all. */
function asKept(value: RunningDrive): RunningDrive {
  const drive = readStoredRunningDrive(value);
  if (!drive) throw new Error('This running drive could not be kept: its student or its start cannot be read.');
  return drive;
}

/** The slice of Web Storage the running drive needs, so tests can hand in their own. */
export type RunningDriveStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const deviceStorage = (): RunningDriveStorage | undefined => {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
};

/**
 * Told on the page as the browser tells other tabs, with a `storage` event naming the drive's key: each front end
 * bundles its own copy of this module (a remote of an earlier release its own older one), and each listens for it.
 */
const notify = (studentId: number) => {
  if (typeof window !== 'undefined') {
    window.dispatchEvent(new StorageEvent('storage', { key: runningDriveStorageKey(studentId) }));
  }
};

export function readRunningDrive(
  studentId: number,
  storage: RunningDriveStorage | undefined = deviceStorage(),
): RunningDrive | undefined {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(runningDriveStorageKey(studentId)) ?? null;
  } catch {
    return undefined;
  }
  if (!raw) return undefined;
  try {
    const drive = readStoredRunningDrive(JSON.parse(raw));
    return drive && drive.studentId === studentId ? drive : undefined;
  } catch {
    return undefined;
  }
}

function write(drive: RunningDrive, storage: RunningDriveStorage | undefined): void {
  if (!storage) throw new Error('This device cannot keep a running drive.');
  storage.setItem(runningDriveStorageKey(drive.studentId), JSON.stringify(drive));
  notify(drive.studentId);
}

export interface StartDetails {
  now?: Date;
  startSuburb?: string;
  coordinates?: { latitude: number; longitude: number };
}

/**
 * Starts timing a drive for the student, or answers the one already running: a second Start never restarts it.
 * Throws when the browser refuses to store.
 */
export function startRunningDrive(
  studentId: number,
  { now = new Date(), startSuburb = '', coordinates }: StartDetails = {},
  storage: RunningDriveStorage | undefined = deviceStorage(),
): RunningDrive {
  const existing = readRunningDrive(studentId, storage);
  if (existing) return existing;
  const drive = asKept({
    studentId,
    startedAt: now.toISOString(),
    date: localDateISO(now),
    startTime: localTimeHHMM(now),
    startSuburb: startSuburb.trim(),
    coordinates,
  });
  write(drive, storage);
  return drive;
}

/** Fills where the drive started once the location lookup answers; a drive that has gone meanwhile stays gone. */
export function setRunningDriveStart(
  studentId: number,
  start: { startSuburb?: string; coordinates?: { latitude: number; longitude: number } },
  storage: RunningDriveStorage | undefined = deviceStorage(),
): RunningDrive | undefined {
  const drive = readRunningDrive(studentId, storage);
  if (!drive) return undefined;
  const next = asKept({
    ...drive,
    startSuburb: drive.startSuburb || (start.startSuburb ?? '').trim(),
    coordinates: drive.coordinates ?? start.coordinates,
  });
  write(next, storage);
  return next;
}

/** End Drive: the end time (the device's clock at `endedAt`) and where it ended are kept with the drive. */
export function endRunningDrive(
  studentId: number,
  { endedAt = new Date(), endSuburb = '' }: { endedAt?: Date; endSuburb?: string } = {},
  storage: RunningDriveStorage | undefined = deviceStorage(),
): RunningDrive | undefined {
  const drive = readRunningDrive(studentId, storage);
  if (!drive) return undefined;
  const next: RunningDrive = {
    ...drive,
    ended: { endedAt: endedAt.toISOString(), endTime: localTimeHHMM(endedAt), endSuburb: endSuburb.trim() },
  };
  write(next, storage);
  return next;
}

/** Back to running (the person left the finished form without logging it and wants to keep timing). */
export function resumeRunningDrive(
  studentId: number,
  storage: RunningDriveStorage | undefined = deviceStorage(),
): RunningDrive | undefined {
  const drive = readRunningDrive(studentId, storage);
  if (!drive) return undefined;
  const next: RunningDrive = { ...drive, ended: undefined };
  write(next, storage);
  return next;
}

/** Discard, or the session was logged: the drive is forgotten. */
export function clearRunningDrive(studentId: number, storage: RunningDriveStorage | undefined = deviceStorage()): void {
  try {
    storage?.removeItem(runningDriveStorageKey(studentId));
  } catch {
    // Storage blocked: nothing was kept either.
  }
  notify(studentId);
}

/** Whole minutes from the start to `now` (never negative, should the clock have gone back). */
export function elapsedMinutes(drive: Pick<RunningDrive, 'startedAt'>, now: Date = new Date()): number {
  return Math.max(0, Math.floor((now.getTime() - Date.parse(drive.startedAt)) / 60_000));
}

/** '0:05', '1:42', '26:03': hours and minutes since the start. */
export function elapsedText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${h}:${String(m).padStart(2, '0')}`;
}

/** '5 min', '1 h 42 min', '2 h' for screen readers and the dashboard line. */
export function elapsedWords(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** Calls `listener` whenever a running drive changes, on this page (whichever front end changed it) or in another tab. */
export function subscribeRunningDrive(listener: () => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith('learner-logbook:running-drive:')) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

/** The student's running drive on this device, kept current across tabs. */
export function useRunningDrive(studentId: number | undefined): RunningDrive | undefined {
  // The raw text is the snapshot: parsing on each read would hand React a new object every time.
  const raw = useSyncExternalStore(
    subscribeRunningDrive,
    () => {
      if (!studentId) return null;
      try {
        return deviceStorage()?.getItem(runningDriveStorageKey(studentId)) ?? null;
      } catch {
        return null;
      }
    },
    () => null,
  );
  // The stored text is the drive: it is read again only when that text changes.
  return useMemo(() => (studentId && raw ? readRunningDrive(studentId) : undefined), [studentId, raw]);
}
