import crypto from 'node:crypto';
import { rectifyConfusion } from 'unicode-confusables';

const lettersAndDigits = (text: string) =>
  text
    .replace(/[^\p{L}\p{N}]/gu, '')
    .toLowerCase()
    .normalize('NFC');

/**
 * A name as the free month remembers it: letters and digits only, accents and case dropped, and each letter that looks
 * like another taken as the one it looks like (Unicode TR39's skeleton), so "Ánh Nguyễn", "anh nguyen", "Anh-Nguyen"
 * and a Cyrillic "а" in place of the Latin "a" are one student, and moving a word between first and last name changes
 * nothing.
 */
function freeMonthName(firstName: string, lastName: string): string {
  const skeleton = rectifyConfusion(`${firstName}${lastName}`.toLowerCase().normalize('NFKD'));
  return lettersAndDigits(skeleton.normalize('NFKD'));
}

/**
 * What billing remembers a student's free month by, with the family: a SHA-256 of the student's name (as
 * `freeMonthName` reads it) and date of birth. Billing keeps it with the family's address, so it outlives the student's
 * removal and the account's closure, while another family's student of the same name and birthday has their own; the
 * name and birthday themselves never leave this service.
 */
export function learnerKey(student: { firstName: string; lastName: string; dateOfBirth: string }): string {
  return crypto
    .createHash('sha256')
    .update(
      JSON.stringify(['free-month', freeMonthName(student.firstName, student.lastName), student.dateOfBirth.trim()]),
    )
    .digest('hex');
}
