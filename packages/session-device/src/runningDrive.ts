import { useMemo, useSyncExternalStore } from 'react';
import { localDateISO, localTimeHHMM } from '@logbook/contracts/view';
import {
  announceChange,
  isEntry,
  readCoordinates,
  readStudentId,
  subscribeChanges,
  text,
  type Coordinates,
  type KeyValueStorage,
} from './storedValues';

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
  coordinates?: Coordinates;
  /** Set by End Drive: the drive waits here until its session is logged or it is discarded. */
  ended?: { endedAt: string; endTime: string; endSuburb: string };
}

/** A moment as text the clock can read (ISO). */
const isMoment = (value: unknown): value is string => typeof value === 'string' && !Number.isNaN(Date.parse(value));

const isDate = (value: unknown): value is string => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);

const isTime = (value: unknown): value is string => typeof value === 'string' && /^\d{2}:\d{2}$/.test(value);

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

const deviceStorage = (): KeyValueStorage | undefined => {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
};

/** The student's drive as stored text; null when there is none or storage is blocked. */
function storedText(studentId: number, storage: KeyValueStorage | undefined = deviceStorage()): string | null {
  try {
    return storage?.getItem(runningDriveStorageKey(studentId)) ?? null;
  } catch {
    return null;
  }
}

export function readRunningDrive(
  studentId: number,
  storage: KeyValueStorage | undefined = deviceStorage(),
): RunningDrive | undefined {
  const raw = storedText(studentId, storage);
  if (!raw) return undefined;
  try {
    const drive = readStoredRunningDrive(JSON.parse(raw));
    return drive && drive.studentId === studentId ? drive : undefined;
  } catch {
    return undefined;
  }
}

function write(drive: RunningDrive, storage: KeyValueStorage | undefined): void {
  if (!storage) throw new Error('This device cannot keep a running drive.');
  storage.setItem(runningDriveStorageKey(drive.studentId), JSON.stringify(drive));
  announceChange(runningDriveStorageKey(drive.studentId));
}

export interface StartDetails {
  now?: Date;
  startSuburb?: string;
  coordinates?: Coordinates;
}

/**
 * Starts timing a drive for the student, or answers the one already running: a second Start never restarts it.
 * Throws when the browser refuses to store.
 */
export function startRunningDrive(
  studentId: number,
  { now = new Date(), startSuburb = '', coordinates }: StartDetails = {},
  storage: KeyValueStorage | undefined = deviceStorage(),
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

/** The student's drive changed and kept; undefined (and nothing kept) when there is none. */
function changeDrive(
  studentId: number,
  change: (drive: RunningDrive) => RunningDrive,
  storage: KeyValueStorage | undefined,
): RunningDrive | undefined {
  const drive = readRunningDrive(studentId, storage);
  if (!drive) return undefined;
  const next = change(drive);
  write(next, storage);
  return next;
}

/** Fills where the drive started once the location lookup answers; a drive that has gone meanwhile stays gone. */
export function setRunningDriveStart(
  studentId: number,
  start: { startSuburb?: string; coordinates?: Coordinates },
  storage: KeyValueStorage | undefined = deviceStorage(),
): RunningDrive | undefined {
  const withStart = (drive: RunningDrive) =>
    asKept({
      ...drive,
      startSuburb: drive.startSuburb || (start.startSuburb ?? '').trim(),
      coordinates: drive.coordinates ?? start.coordinates,
    });
  return changeDrive(studentId, withStart, storage);
}

/** End Drive: the end time (the device's clock at `endedAt`) and where it ended are kept with the drive. */
export function endRunningDrive(
  studentId: number,
  { endedAt = new Date(), endSuburb = '' }: { endedAt?: Date; endSuburb?: string } = {},
  storage: KeyValueStorage | undefined = deviceStorage(),
): RunningDrive | undefined {
  const ended = { endedAt: endedAt.toISOString(), endTime: localTimeHHMM(endedAt), endSuburb: endSuburb.trim() };
  return changeDrive(studentId, (drive) => ({ ...drive, ended }), storage);
}

/** Discard, or the session was logged: the drive is forgotten. */
export function clearRunningDrive(studentId: number, storage: KeyValueStorage | undefined = deviceStorage()): void {
  try {
    storage?.removeItem(runningDriveStorageKey(studentId));
  } catch {
    // Storage blocked: nothing was kept either.
  }
  announceChange(runningDriveStorageKey(studentId));
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
  return subscribeChanges((key) => key.startsWith('learner-logbook:running-drive:'), listener);
}

/** The student's running drive on this device, kept current across tabs. */
export function useRunningDrive(studentId: number | undefined): RunningDrive | undefined {
  // The raw text is the snapshot: parsing on each read would hand React a new object every time.
  const raw = useSyncExternalStore(
    subscribeRunningDrive,
    () => (studentId ? storedText(studentId) : null),
    () => null,
  );
  // The stored text is the drive: it is read again only when that text changes.
  return useMemo(() => (studentId && raw ? readRunningDrive(studentId) : undefined), [studentId, raw]);
}
