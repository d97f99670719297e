/**
 * Student usernames are unique regardless of case: 'Sam' and 'sam' are the same login. svc-students stores usernames
 * in this form (`studentUsername`, and `studentUsernameKey` which carries the unique index), so student sign-in finds
 * a student whatever case they type.
 */
export function studentUsernameKey(username: string): string {
  return username.trim().toLowerCase();
}
