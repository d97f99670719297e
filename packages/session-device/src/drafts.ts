import {
  DRAFTS_STORAGE_KEY,
  formDraftStorageKey,
  SESSION_FIELD_PLACES,
  SESSION_FORM_FIELDS,
  type SessionFields,
} from '@logbook/contracts/view';
import { accountStorage } from './deviceAccount';
import { idOf, isEntry, optionalText, readCoordinates, readStudentId, text, type Coordinates } from './storedValues';
import type { KeyValueStorage as DraftStorage } from './storedValues';

/**
 * Sessions kept on this device before they are logged: the `draftSessions` list (every saved draft) and, per
 * student, the form's own copy (`driving-session-draft-{studentId}`) that autosave keeps as the person types.
 * Both hold the session form's fields under the session's own names, so a draft becomes a session as it is.
 */

/** A field of the session form, named as the session names it (the weather is one even where the API lets it go). */
export type DraftField = keyof SessionFields;

/** The form's fields, every one as typed ('' while empty), named as the session names them. */
export type DraftValues = Record<DraftField, string>;

/** The session form's fields, as the session's field registry lists them. */
export const DRAFT_FIELDS: DraftField[] = [...SESSION_FORM_FIELDS];

/** One entry of the `draftSessions` list. */
export interface StoredDraft extends DraftValues {
  id: string;
  studentId: number;
  studentName: string;
  lastSaved: string;
  /** Why the server refused the session this draft holds, when it did. */
  serverMessage?: string;
  /** The session's client id, so submitting the draft later can never log it twice. */
  clientId?: string;
  /** Where the current-location button found the drive, kept to about 100 m. */
  coordinates?: Coordinates;
}

// The signed-in account's drafts (accountStorage()) by default: another account on this device never sees them.
export type { DraftStorage };

/** Drafts saved before the list took the session's names: each old name and the name it has now. */
const OLD_NAMES: ReadonlyArray<readonly [string, keyof SessionFields]> = [
  ['sessionDate', 'date'],
  ['startLocation', 'startSuburb'],
  ['endLocation', 'endSuburb'],
  ['lightConditions', 'timeOfDay'],
  ['supervisorLicense', 'supervisorLicenseNumber'],
];

function withSessionNames(entry: unknown): unknown {
  if (!isEntry(entry)) return entry;
  const renamed: Record<string, unknown> = { ...entry };
  for (const [oldName, name] of OLD_NAMES) {
    if (!(oldName in renamed)) continue;
    if (renamed[name] === undefined) renamed[name] = renamed[oldName];
    delete renamed[oldName];
  }
  return renamed;
}

/**
 * One entry of the `draftSessions` list as this code reads it, or undefined when it cannot: an entry needs its id,
 * its student and when it was saved. Entries written under the old names are read as well; a form field that is not
 * text reads as empty, and a message, client id or position that cannot be read reads as none.
 */
export function readStoredDraft(entry: unknown): StoredDraft | undefined {
  const record = withSessionNames(entry);
  if (!isEntry(record)) return undefined;
  const { id, lastSaved } = record;
  const studentId = readStudentId(record.studentId);
  if (typeof id !== 'string' || studentId === undefined || typeof lastSaved !== 'string') return undefined;
  const values = {} as DraftValues;
  for (const field of DRAFT_FIELDS) values[field] = text(record[field]);
  const draft: StoredDraft = { id, studentId, studentName: text(record.studentName), ...values, lastSaved };
  if ('serverMessage' in record) draft.serverMessage = optionalText(record.serverMessage);
  if ('clientId' in record) draft.clientId = optionalText(record.clientId);
  if ('coordinates' in record) draft.coordinates = readCoordinates(record.coordinates);
  return draft;
}

/** An id made from the time plus a random string. */
export function newDraftId(now: number = Date.now(), random: () => number = Math.random): string {
  const suffix = random().toString(36).slice(2, 11).padEnd(9, '0');
  return `draft-${now}-${suffix}`;
}

function readRawList(storage: DraftStorage): unknown[] {
  const raw = storage.getItem(DRAFTS_STORAGE_KEY);
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

/** Every readable draft in the list, in the order saved; unreadable entries are skipped. */
export function readDrafts(storage: DraftStorage = accountStorage()): StoredDraft[] {
  return readRawList(storage).flatMap((entry) => readStoredDraft(entry) ?? []);
}

/** One student's readable drafts, most recently saved first. */
export function readStudentDrafts(studentId: number, storage: DraftStorage = accountStorage()): StoredDraft[] {
  return readDrafts(storage)
    .filter((draft) => draft.studentId === studentId)
    .sort((a, b) => b.lastSaved.localeCompare(a.lastSaved));
}

export function findDraft(id: string, storage: DraftStorage = accountStorage()): StoredDraft | undefined {
  return readDrafts(storage).find((d) => d.id === id);
}

/**
 * Replaces the draft with the same id, or adds it. Entries this code cannot read are written back untouched,
 * so a draft saved by another version is never lost. Throws when the browser refuses to store (quota).
 */
export function saveDraft(draft: StoredDraft, storage: DraftStorage = accountStorage()): void {
  const list = readRawList(storage);
  const index = list.findIndex((entry) => idOf(entry) === draft.id);
  if (index >= 0) list[index] = draft;
  else list.push(draft);
  storage.setItem(DRAFTS_STORAGE_KEY, JSON.stringify(list));
}

export function removeDraft(id: string, storage: DraftStorage = accountStorage()): void {
  const list = readRawList(storage);
  const kept = list.filter((entry) => idOf(entry) !== id);
  if (kept.length !== list.length) storage.setItem(DRAFTS_STORAGE_KEY, JSON.stringify(kept));
}

/**
 * Removes one draft from the list, and the student's form copy too when it was editing this draft, so the form
 * does not bring it back. Throws when the browser refuses to write.
 */
export function deleteDraft(draftId: string, studentId: number, storage: DraftStorage = accountStorage()): void {
  removeDraft(draftId, storage);
  if (readFormDraft(studentId, storage)?.draftId === draftId) removeFormDraft(studentId, storage);
}

/** The form's values out of anything shaped like a session (a stored draft, an outbox payload). */
export function draftValuesFrom(source: Partial<Record<DraftField, unknown>>): DraftValues {
  const values = {} as DraftValues;
  for (const field of DRAFT_FIELDS) {
    const v = source[field];
    // A number (an odometer reading in an outbox payload) reads back as the text the form shows.
    values[field] = typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : '';
  }
  return values;
}

export interface DraftDetails {
  id: string;
  studentId: number;
  studentName: string;
  values: DraftValues;
  /** Where the current-location button found the drive, if it was used. */
  coordinates?: Coordinates;
  clientId?: string;
  serverMessage?: string;
  /** The stored draft this one replaces: a weather it held survives a save from a form that has none. */
  previous?: StoredDraft;
  now?: Date;
}

/** The list entry for a form's values. */
export function draftFromValues(details: DraftDetails): StoredDraft {
  const { id, studentId, studentName, values, coordinates, clientId, serverMessage, previous } = details;
  const lastSaved = (details.now ?? new Date()).toISOString();
  const draft: StoredDraft = { id, studentId, studentName, ...draftValuesFrom(values), lastSaved };
  // A field older forms lack (kept as "not recorded" when not sent: the weather) keeps what the draft held.
  for (const field of DRAFT_FIELDS) {
    if ('storedWhenNotSent' in SESSION_FIELD_PLACES[field]) draft[field] ||= previous?.[field] ?? '';
  }
  if (coordinates) draft.coordinates = { latitude: coordinates.latitude, longitude: coordinates.longitude };
  if (clientId) draft.clientId = clientId;
  if (serverMessage) draft.serverMessage = serverMessage;
  return draft;
}

/** The form copy of one student's draft, flagged isDraft. */
export interface FormDraft extends DraftValues {
  isDraft: true;
  studentId: number;
  lastSaved: string;
  clientId?: string;
  /** The list entry this form edits, so Save Draft replaces it instead of adding another. */
  draftId?: string;
  coordinates?: Coordinates;
  /** The locality the reverse-geocoding service named for the coordinates. */
  placeName?: string;
}

export function readFormDraft(studentId: number, storage: DraftStorage = accountStorage()): FormDraft | undefined {
  const raw = storage.getItem(formDraftStorageKey(studentId));
  if (!raw) return undefined;
  try {
    const record = withSessionNames(JSON.parse(raw));
    if (!isEntry(record) || record.isDraft !== true) return undefined;
    return {
      ...draftValuesFrom(record),
      isDraft: true,
      studentId,
      lastSaved: text(record.lastSaved),
      clientId: optionalText(record.clientId),
      draftId: optionalText(record.draftId),
      coordinates: readCoordinates(record.coordinates),
      placeName: optionalText(record.placeName) || undefined,
    };
  } catch {
    return undefined;
  }
}

export function writeFormDraft(
  studentId: number,
  details: Pick<FormDraft, 'clientId' | 'draftId' | 'coordinates' | 'placeName'> & { values: DraftValues; now?: Date },
  storage: DraftStorage = accountStorage(),
): FormDraft {
  const draft: FormDraft = {
    ...draftValuesFrom(details.values),
    isDraft: true,
    studentId,
    lastSaved: (details.now ?? new Date()).toISOString(),
    clientId: details.clientId,
    draftId: details.draftId,
    coordinates: details.coordinates,
    placeName: details.coordinates ? details.placeName : undefined,
  };
  storage.setItem(formDraftStorageKey(studentId), JSON.stringify(draft));
  return draft;
}

export function removeFormDraft(studentId: number, storage: DraftStorage = accountStorage()): void {
  storage.removeItem(formDraftStorageKey(studentId));
}
