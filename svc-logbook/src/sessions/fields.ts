import { Schema, type SchemaDefinition } from 'mongoose';
import { roundCoordinates, type Coordinates } from '@logbook/contracts/coordinates';
import type { DrivingSession, SignOffState } from '@logbook/contracts/schemas';
import {
  SESSION_FIELDS,
  fieldsWhere,
  type SessionFieldRegistry,
  type StoredAs,
} from '@logbook/contracts/session-fields';

/*
 * The log book's views of a session, read from the session's field registry: the stored record and what every write
 * keeps of what is sent, the list answer, the PDF's projection and the CSV's columns. Each takes the registry, so a field added to it reaches all of them.
 */

/** A stored value of each kind. */
interface StoredValue {
  text: string;
  id: number;
  /** Inline only on sessions logged before signatures had a collection of their own. */
  signature: string;
  /** Null when not recorded; absent on sessions logged before it was asked. */
  optionalText: string | null;
  optionalInteger: number;
  /** Absent on sessions logged before it was asked. */
  flag: boolean;
  /** Rounded to about 100 m; only when the location button was used. */
  coordinates: Coordinates;
}

type Registry = typeof SESSION_FIELDS;
type AlwaysStored = 'text' | 'id';

/** The session's own fields as stored: those kept as text or an id always there, the others when known. */
export type StoredSessionFields = {
  -readonly [
    K in keyof Registry as Registry[K]['stored'] extends AlwaysStored ? K : never
  ]: StoredValue[Registry[K]['stored']];
} & {
  -readonly [
    K in keyof Registry as Registry[K]['stored'] extends AlwaysStored ? never : K
  ]?: StoredValue[Registry[K]['stored']];
};

/** The fields the log book sets itself on a stored entry: those always stored required, the others when known. */
export type ServerSetFields = Pick<
  StoredSessionFields,
  { [K in keyof Registry]: Registry[K] extends { setBy: 'server' } ? K : never }[keyof Registry]
>;

const coordinatesDefinition = new Schema<Coordinates>(
  { latitude: Number, longitude: Number },
  { _id: false, versionKey: false },
);

const MONGOOSE_TYPE: Record<StoredAs, SchemaDefinition[string]> = {
  text: { type: String, required: true },
  id: { type: Number, required: true },
  signature: String,
  optionalText: { type: String, required: false },
  optionalInteger: Number,
  flag: Boolean,
  coordinates: { type: coordinatesDefinition, required: false },
};

/** The mongoose definition of the session's own fields. */
export function storedDefinition(registry: SessionFieldRegistry = SESSION_FIELDS): SchemaDefinition {
  return Object.fromEntries(Object.entries(registry).map(([name, spec]) => [name, MONGOOSE_TYPE[spec.stored]]));
}

/** A projection of these fields. */
export const project = (names: readonly string[]) => Object.fromEntries(names.map((name) => [name, 1 as const]));

/** What every answer about a session carries of its record beside the session's own fields. */
const RECORD_LISTED = [
  'clientId',
  'hash',
  'createdAt',
  'status',
  'supersededBy',
  'changeReason',
  'changedAt',
  'signOff',
];

/** The stored fields a list of sessions reads. */
export const listProjection = (registry: SessionFieldRegistry = SESSION_FIELDS): Record<string, 1> => ({
  ...project(fieldsWhere(registry, 'listed')),
  ...project(RECORD_LISTED),
});

/** The stored fields the PDF reads: the printed ones, the print copies of the signatures, and the entry's state. */
export const printProjection = (registry: SessionFieldRegistry = SESSION_FIELDS): Record<string, 1> => ({
  ...project(fieldsWhere(registry, 'printed')),
  ...project(['studentSignaturePrint', 'supervisorSignaturePrint', 'signaturesId', 'hash', 'status', 'changeReason']),
});

/** A stored value as the API answers each kind (undefined: the key is left out). */
const ANSWER_OF: Record<StoredAs, (value: unknown) => unknown> = {
  text: (v) => v,
  id: (v) => v,
  signature: (v) => v,
  optionalText: (v) => (typeof v === 'string' ? v : null),
  optionalInteger: (v) => (typeof v === 'number' ? v : null),
  flag: (v) => v === true,
  coordinates: (v) => {
    const where = v as Coordinates | undefined | null;
    return where ? { latitude: where.latitude, longitude: where.longitude } : undefined;
  },
};

export type StoredDoc = Record<string, unknown> & {
  _id: number;
  createdAt?: Date;
  status?: string;
  supersededBy?: number;
  changeReason?: string;
  changedAt?: Date;
  signOff?: { status: SignOffState['status']; supervisorEmail?: string; signedAt?: Date; declineReason?: string };
};

/** The answer for one stored session; signatures only when asked for. */
export function sessionView(
  doc: StoredDoc,
  withSignatures: boolean,
  registry: SessionFieldRegistry = SESSION_FIELDS,
): DrivingSession {
  const view: Record<string, unknown> = { id: doc._id };
  for (const [name, spec] of Object.entries(registry)) {
    const answered = spec.stored === 'signature' ? withSignatures : spec.listed;
    if (!answered) continue;
    const value = ANSWER_OF[spec.stored](doc[name]);
    if (value !== undefined || spec.stored === 'signature') view[name] = value;
  }
  view.clientId = doc.clientId;
  view.createdAt = (doc.createdAt ?? new Date(0)).toISOString();
  view.status = doc.status ?? 'in_force';
  view.supersededBy = typeof doc.supersededBy === 'number' ? doc.supersededBy : null;
  view.changeReason = typeof doc.changeReason === 'string' ? doc.changeReason : null;
  view.changedAt = doc.changedAt ? doc.changedAt.toISOString() : null;
  if (doc.hash) view.hash = doc.hash;
  if (doc.signOff) view.signOff = signOffView(doc.signOff);
  return view as DrivingSession;
}

function signOffView(signOff: NonNullable<StoredDoc['signOff']>): SignOffState {
  return {
    status: signOff.status,
    remote: true,
    ...(signOff.signedAt ? { signedAt: signOff.signedAt.toISOString() } : {}),
    ...(signOff.supervisorEmail ? { supervisorEmail: signOff.supervisorEmail } : {}),
    ...(signOff.declineReason ? { declineReason: signOff.declineReason } : {}),
  };
}

/** A value sent, as it is stored (undefined: not kept, and so not sealed either). */
const WRITTEN_AS: Record<Exclude<StoredAs, 'signature'>, (value: unknown) => unknown> = {
  text: (v) => v,
  id: (v) => v,
  // Kept (and sealed) only when given, so entries without them hash as they always have.
  optionalText: (v) => (typeof v === 'string' && v !== '' ? v : undefined),
  optionalInteger: (v) => (typeof v === 'number' ? v : undefined),
  flag: (v) => v === true,
  coordinates: (v) => (v ? roundCoordinates(v as Coordinates) : undefined),
};

/**
 * An entry's own fields as stored, from what was sent (checked) and what the log book sets itself. Signatures are not
 * among them: the signatures collection keeps them.
 */
export function storedFields(
  sent: Readonly<Record<string, unknown>>,
  setByServer: ServerSetFields,
  registry: SessionFieldRegistry = SESSION_FIELDS,
): StoredSessionFields {
  const fields: Record<string, unknown> = {};
  const server: Readonly<Record<string, unknown>> = setByServer;
  for (const [name, spec] of Object.entries(registry)) {
    if (spec.stored === 'signature') continue;
    const value =
      spec.setBy === 'server' ? server[name] : (WRITTEN_AS[spec.stored](sent[name]) ?? spec.storedWhenNotSent);
    if (value !== undefined) fields[name] = value;
  }
  return fields as StoredSessionFields;
}

/** The fields of a stored entry that are sent, as the API takes them (signatures and what the log book sets aside). */
export function sentFieldsOf(
  record: Partial<StoredSessionFields>,
  registry: SessionFieldRegistry = SESSION_FIELDS,
): Record<string, unknown> {
  const stored = record as Readonly<Record<string, unknown>>;
  const sent: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(registry)) {
    if (spec.stored === 'signature' || spec.setBy === 'server') continue;
    const value = ANSWER_OF[spec.stored](stored[name]);
    if (value !== undefined) sent[name] = value;
  }
  return sent;
}

/** What a supervisor asked to sign an entry on their own phone is shown of it, as the API answers each field. */
export function signingView(
  record: Partial<StoredSessionFields>,
  registry: SessionFieldRegistry = SESSION_FIELDS,
): Record<string, unknown> {
  const stored = record as Readonly<Record<string, unknown>>;
  return Object.fromEntries(
    fieldsWhere(registry, 'signing').map((name) => [name, ANSWER_OF[registry[name].stored](stored[name])]),
  );
}
