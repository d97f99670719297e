import type { StateCode } from './state-codes';

/*
 * What an entry must carry in each state, by date: kept apart from the rest of the rule data (state-rules.ts, which
 * builds its `entryFields` from this) so that the session form can apply it without a connection at little cost.
 */

export type EntryField =
  'date' | 'times' | 'supervisor' | 'signatures' | 'locations' | 'vehicleRegistration' | 'odometer';

export const BASE_FIELDS: EntryField[] = ['date', 'times', 'supervisor', 'signatures'];

/** South Australia's log book: the suburbs driven from and to on every entry. */
export const SA_FIELDS: EntryField[] = [...BASE_FIELDS, 'locations'];

/** Queensland's log book: the places, the number plate and the odometer readings on every entry. */
export const QLD_FIELDS: EntryField[] = [...BASE_FIELDS, 'locations', 'vehicleRegistration', 'odometer'];

/** Fields beyond the base a state's log book asks for, from a day (null: always) until the day before another. */
const ENTRY_FIELD_VERSIONS: ReadonlyArray<{
  state: StateCode;
  from: string | null;
  until: string | null;
  fields: EntryField[];
}> = [
  { state: 'SA', from: null, until: null, fields: SA_FIELDS },
  { state: 'QLD', from: null, until: null, fields: QLD_FIELDS },
];

/** Whether a dated version (from a day, null: always; until the day before another, null: still) is in force on `on`. */
export const inForce = (v: { from: string | null; until: string | null }, on: string) =>
  (v.from === null || v.from <= on) && (v.until === null || on < v.until);

/** The fields a state's log book asks of an entry of this day (YYYY-MM-DD); the base where nothing more is set. */
export function entryFieldsOn(state: StateCode, on: string): EntryField[] {
  return ENTRY_FIELD_VERSIONS.find((v) => v.state === state && inForce(v, on))?.fields ?? BASE_FIELDS;
}

/** What the log book records about the car on a drive with these entry fields. */
export const vehicleRecorded = (fields: readonly EntryField[]) => ({
  registration: fields.includes('vehicleRegistration'),
  odometer: fields.includes('odometer'),
});

/** What the log book records about the car on a drive of this day. */
export const vehicleAskedOn = (state: StateCode, on: string) => vehicleRecorded(entryFieldsOn(state, on));
