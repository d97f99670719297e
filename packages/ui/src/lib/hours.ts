/**
 * Hours as every screen shows them: rounded to the tenth. Figures measured against a target keep the tenth so they
 * line up ('12.0 / 120.0'); figures a person typed or counts per week read better without a zero tenth ('10', '2.5').
 */
export function formatHours(hours: number, { dropZeroTenth = false }: { dropZeroTenth?: boolean } = {}): string {
  const tenths = Math.round(hours * 10) / 10;
  return dropZeroTenth && Number.isInteger(tenths) ? String(tenths) : tenths.toFixed(1);
}
