import { DRAFTS_STORAGE_KEY, formDraftStorageKey } from '@logbook/contracts/constants';
import { draftSessionSchema, type DraftSession } from '@logbook/contracts/schemas';
import { accountStorage } from '@logbook/shell-context/deviceAccount';
import { coordinatesFrom, type Coordinates } from './coordinates';
import { emptySessionValues, sessionValuesFrom, type SessionValues } from './sessionValues';

/** A `draftSessions` entry as this form writes it: the session's coordinates kept when they are known. */
export type StoredDraft = DraftSession & { coordinates?: Coordinates };

/** The slice of the Web Storage API the drafts need, so tests can hand in their own. */
export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The signed-in account's drafts: another account on this device never sees them. */
const browserStorage = (): DraftStorage => accountStorage();

/** Spec §3: an id made from the time plus a random string. */
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

const idOf = (entry: unknown): unknown =>
  entry && typeof entry === 'object' && 'id' in entry ? (entry as { id: unknown }).id : undefined;

/** Every readable draft in the `draftSessions` list. */
export function readDrafts(storage: DraftStorage = browserStorage()): StoredDraft[] {
  const drafts: StoredDraft[] = [];
  for (const entry of readRawList(storage)) {
    const parsed = draftSessionSchema.safeParse(entry);
    if (!parsed.success) continue;
    const draft: StoredDraft = { ...parsed.data };
    const coordinates = coordinatesFrom((entry as { coordinates?: unknown }).coordinates);
    if (coordinates) draft.coordinates = coordinates;
    else delete draft.coordinates;
    drafts.push(draft);
  }
  return drafts;
}

export function findDraft(id: string, storage: DraftStorage = browserStorage()): StoredDraft | undefined {
  return readDrafts(storage).find((d) => d.id === id);
}

/**
 * Replaces the draft with the same id, or adds it. Entries this code cannot read are written back untouched,
 * so a draft saved by an older version is never lost. Throws when the browser refuses to store (quota).
 */
export function saveDraft(draft: DraftSession, storage: DraftStorage = browserStorage()): void {
  const list = readRawList(storage);
  const index = list.findIndex((entry) => idOf(entry) === draft.id);
  if (index >= 0) list[index] = draft;
  else list.push(draft);
  storage.setItem(DRAFTS_STORAGE_KEY, JSON.stringify(list));
}

export function removeDraft(id: string, storage: DraftStorage = browserStorage()): void {
  const list = readRawList(storage);
  const kept = list.filter((entry) => idOf(entry) !== id);
  if (kept.length !== list.length) storage.setItem(DRAFTS_STORAGE_KEY, JSON.stringify(kept));
}

export interface DraftDetails {
  id: string;
  studentId: number;
  studentName: string;
  values: SessionValues;
  /** Where the current-location button found the drive, if it was used. */
  coordinates?: Coordinates;
  clientId?: string;
  serverMessage?: string;
  /** Fields of the stored draft this form does not edit (weatherConditions) survive a save. */
  previous?: DraftSession;
  now?: Date;
}

/** The `draftSessions` entry for a form's values (spec §3 names, signatures included). */
export function draftFromValues({
  id,
  studentId,
  studentName,
  values,
  coordinates,
  clientId,
  serverMessage,
  previous,
  now = new Date(),
}: DraftDetails): StoredDraft {
  const draft: StoredDraft = {
    id,
    studentId,
    studentName,
    sessionDate: values.date,
    startTime: values.startTime,
    endTime: values.endTime,
    startLocation: values.startSuburb,
    endLocation: values.endSuburb,
    weatherConditions: previous?.weatherConditions ?? '',
    trafficConditions: values.trafficConditions,
    roadConditions: values.roadConditions,
    lightConditions: values.timeOfDay,
    supervisorName: values.supervisorName,
    supervisorLicense: values.supervisorLicenseNumber,
    lastSaved: now.toISOString(),
  };
  if (values.studentSignature) draft.studentSignature = values.studentSignature;
  if (values.supervisorSignature) draft.supervisorSignature = values.supervisorSignature;
  if (coordinates) draft.coordinates = { latitude: coordinates.latitude, longitude: coordinates.longitude };
  if (clientId) draft.clientId = clientId;
  if (serverMessage) draft.serverMessage = serverMessage;
  return draft;
}

/** The coordinates a stored draft holds, if the current-location button was used. */
export function coordinatesFromDraft(draft: StoredDraft): Coordinates | undefined {
  return coordinatesFrom(draft.coordinates);
}

/** The form values a stored draft holds. */
export function valuesFromDraft(draft: DraftSession): SessionValues {
  return {
    ...emptySessionValues(),
    date: draft.sessionDate,
    startTime: draft.startTime,
    endTime: draft.endTime,
    startSuburb: draft.startLocation,
    endSuburb: draft.endLocation,
    timeOfDay: draft.lightConditions,
    trafficConditions: draft.trafficConditions,
    roadConditions: draft.roadConditions,
    studentSignature: draft.studentSignature ?? '',
    supervisorName: draft.supervisorName,
    supervisorLicenseNumber: draft.supervisorLicense,
    supervisorSignature: draft.supervisorSignature ?? '',
  };
}

/** The per-student full form draft (`driving-session-draft-{studentId}`), flagged isDraft. */
export interface FormDraft extends SessionValues {
  isDraft: true;
  studentId: number;
  lastSaved: string;
  clientId?: string;
  /** The `draftSessions` entry this form edits, so Save Draft replaces it instead of adding another. */
  draftId?: string;
  coordinates?: Coordinates;
  /** The locality the reverse-geocoding service named for the coordinates. */
  placeName?: string;
}

export function readFormDraft(studentId: number, storage: DraftStorage = browserStorage()): FormDraft | undefined {
  const raw = storage.getItem(formDraftStorageKey(studentId));
  if (!raw) return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object' || (parsed as { isDraft?: unknown }).isDraft !== true) return undefined;
    const record = parsed as Record<string, unknown>;
    return {
      ...sessionValuesFrom(record),
      isDraft: true,
      studentId,
      lastSaved: typeof record.lastSaved === 'string' ? record.lastSaved : '',
      clientId: typeof record.clientId === 'string' ? record.clientId : undefined,
      draftId: typeof record.draftId === 'string' ? record.draftId : undefined,
      coordinates: coordinatesFrom(record.coordinates),
      placeName: typeof record.placeName === 'string' && record.placeName ? record.placeName : undefined,
    };
  } catch {
    return undefined;
  }
}

export function writeFormDraft(
  studentId: number,
  details: {
    values: SessionValues;
    clientId?: string;
    draftId?: string;
    coordinates?: Coordinates;
    placeName?: string;
    now?: Date;
  },
  storage: DraftStorage = browserStorage(),
): FormDraft {
  const draft: FormDraft = {
    ...details.values,
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

export function removeFormDraft(studentId: number, storage: DraftStorage = browserStorage()): void {
  storage.removeItem(formDraftStorageKey(studentId));
}
