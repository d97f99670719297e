/** Where a student without credentials should go: only a parent can create a student's login. */
export function StudentLoginHint() {
  return (
    <p className="student-login__hint">
      Don&apos;t have login credentials? Ask your parent or guardian to create an account for you.
    </p>
  );
}
