/** A route's student id: a positive whole number, else undefined. */
export function parseStudentId(raw: string | number | undefined | null): number | undefined {
  if (typeof raw === 'number') return Number.isSafeInteger(raw) && raw > 0 ? raw : undefined;
  if (typeof raw !== 'string' || !/^[1-9]\d{0,15}$/.test(raw)) return undefined;
  const n = Number(raw);
  return Number.isSafeInteger(n) ? n : undefined;
}

export const fullName = (s: { firstName?: string; lastName?: string } | null | undefined) =>
  [s?.firstName, s?.lastName].filter(Boolean).join(' ');
