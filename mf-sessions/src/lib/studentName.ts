export const fullName = (s: { firstName?: string; lastName?: string } | null | undefined) =>
  [s?.firstName, s?.lastName].filter(Boolean).join(' ');
