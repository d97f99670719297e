/** A route id that names a student: digits only, above zero ('12' yes; 'abc', '0', '-3', '1.5' no). */
export function parseStudentId(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}
