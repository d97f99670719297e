import { readStudentId } from '@logbook/session-device/storedValues';

/**
 * A student id from an address or a widget's props: a whole number above zero written in plain digits. Anything
 * else ('abc', '0', '007', '-3', '1.5', '1e3', an id past the safe integers) is null, so a screen shows nobody
 * rather than the wrong student.
 */
export function parseStudentId(raw: string | number | null | undefined): number | null {
  const id = readStudentId(raw);
  return id !== undefined && Number.isSafeInteger(id) ? id : null;
}
