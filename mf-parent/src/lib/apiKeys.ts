/** The swr keys this remote reads: each key is the URL it GETs, so any screen can refresh another's data. */
export { STUDENTS_KEY, studentKey } from '@logbook/shell-context/shared';
export const paperHoursKey = (studentId: number | string) => `/api/students/${studentId}/opening-balance`;
export const SETTINGS_KEY = '/api/settings';
export const BILLING_CONFIG_KEY = '/api/billing/config';
export const subscriptionKey = (studentId: number | string) => `/api/subscription/${studentId}`;
export const progressSummaryKey = (studentId: number | string) => `/api/driving-sessions/${studentId}/summary`;
export const sessionsPdfUrl = (studentId: number | string) => `/api/driving-sessions/${studentId}/pdf`;

/** Every cached answer that depends on the target hours. */
export const isProgressKey = (key: unknown) =>
  typeof key === 'string' && key.startsWith('/api/driving-sessions/') && key.endsWith('/summary');
/** The family's guardians (who holds the subscription, who is asking) and its open invitations. */
export const FAMILY_KEY = '/api/family';
