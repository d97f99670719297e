/** A billing date from ISO text, milliseconds or Unix seconds (Stripe's habit); null when there is none. */
export function parseBillingDate(value: string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = typeof value === 'number' ? new Date(value < 1e12 ? value * 1000 : value) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '7 Apr 2026' in the device's locale. */
export function formatBillingDate(date: Date, locale?: string): string {
  return date.toLocaleDateString(locale, { day: 'numeric', month: 'short', year: 'numeric' });
}
