/** What the family's state asks of a supervising driver: a full licence held for some years (0: no length set). */
export interface SupervisorLicenceRule {
  stateName: string;
  fullLicenceYears: number;
}

const years = (n: number) => `${n} ${n === 1 ? 'year' : 'years'}`;

/**
 * Why a supervisor falls short of the state's rule, if they do. Counted as the log book's readiness check counts it:
 * whole calendar years since the year of the full licence (a licence from 2024 has been held a whole year in 2026).
 * A licensed driving instructor meets it; so does anyone while the rule sets no length or the year is not given.
 */
export function licenceShortfall(
  rule: SupervisorLicenceRule | undefined,
  supervisor: { fullLicenceYear?: number; isInstructor?: boolean },
  thisYear: number,
): string | undefined {
  if (!rule || rule.fullLicenceYears === 0 || supervisor.isInstructor) return undefined;
  const year = supervisor.fullLicenceYear;
  if (year === undefined) return undefined;
  const held = Math.max(0, thisYear - year - 1);
  if (held >= rule.fullLicenceYears) return undefined;
  return `${rule.stateName} asks that a supervisor has held a full licence for ${years(rule.fullLicenceYears)}: a full licence from ${year} counts ${years(held)} so far, so drives with them do not count toward the test yet.`;
}
