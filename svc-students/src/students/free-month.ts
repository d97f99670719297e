import crypto from 'node:crypto';

/**
 * A name as the free month remembers it: letters and digits only, accents and case dropped, so "Ánh Nguyễn",
 * "anh nguyen" and "Anh-Nguyen" are one student, and moving a word between first and last name changes nothing.
 */
export function freeMonthName(firstName: string, lastName: string): string {
  return `${firstName}${lastName}`
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]/gu, '')
    .toLowerCase()
    .normalize('NFC');
}

/**
 * What billing remembers a student's free month by: a SHA-256 of the family and the student's name and date of
 * birth. It outlives the student's removal, so removing a student and adding them again does not give a second free
 * month, while another family's student of the same name and birthday still has their own; the name and birthday
 * themselves never leave this service.
 */
export function freeMonthKey(student: {
  userId: number;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
}): string {
  const parts = ['free-month', String(student.userId), freeMonthName(student.firstName, student.lastName)];
  return crypto
    .createHash('sha256')
    .update(JSON.stringify([...parts, student.dateOfBirth.trim()]))
    .digest('hex');
}
