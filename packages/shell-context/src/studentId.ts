import { readStudentId } from '@logbook/session-device/storedValues';

/** A student id from an address or a widget's props (see readStudentId); null when it is not one. */
export const parseStudentId = (raw: string | number | null | undefined): number | null => readStudentId(raw) ?? null;
