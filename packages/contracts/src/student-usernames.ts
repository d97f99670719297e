/**
 * Student usernames are unique regardless of case: 'Sam' and 'sam' are the same login. svc-students stores this key
 * beside the username as typed (field `studentUsernameKey` on `students`, unique), and student sign-in looks it up.
 */
export function studentUsernameKey(username: string): string {
  return username.trim().normalize('NFKC').toLowerCase();
}
