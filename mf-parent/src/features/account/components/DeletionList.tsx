import { normaliseStatus } from '@logbook/contracts/view';
import type { Student } from '@logbook/contracts/view';

const fullName = (student: Student) => `${student.firstName} ${student.lastName}`;
/** A subscription still running at the provider (in trial, paid, or waiting on a payment). */
const isRunning = (student: Student) => !['inactive', 'canceled'].includes(normaliseStatus(student.subscriptionStatus));

export interface DeletionListProps {
  email: string;
  students: Student[] | undefined;
  /** Other guardians stay: only this guardian's login goes, the family's data stays with them. */
  othersStay?: boolean;
}

/** Everything an account's deletion removes, named: the parent, each student, and the subscriptions that stop. */
export function DeletionList({ email, students, othersStay = false }: DeletionListProps) {
  const subscribed = students?.filter(isRunning) ?? [];
  const you = (
    <li>
      Your account <strong>{email}</strong>, and you are signed out on every device.
    </li>
  );
  if (othersStay) {
    return (
      <ul className="acc-list" data-testid="deletion-list">
        {you}
        <li>You leave the family: its students, driving sessions and subscriptions stay with the other guardians.</li>
      </ul>
    );
  }
  return (
    <ul className="acc-list" data-testid="deletion-list">
      {you}
      <li>
        {students === undefined ? (
          'Every student on your account'
        ) : students.length === 0 ? (
          'Your students: there are none on your account yet'
        ) : (
          <>
            {students.length === 1 ? 'Your student ' : `Your ${students.length} students `}
            <strong>{students.map(fullName).join(', ')}</strong>
            {students.length === 1 ? ', with any student login' : ', with their student logins'}
          </>
        )}
        .
      </li>
      <li>Every driving session and signature, paper hours, supervisors and target-hour settings.</li>
      <li>
        {subscribed.length === 0
          ? 'Any subscription is stopped with the payment provider: nothing more is charged.'
          : subscribed.length === 1
            ? `${subscribed[0].firstName}'s subscription stops at once with the payment provider: nothing more is charged.`
            : `All ${subscribed.length} subscriptions (${subscribed
                .map((student) => student.firstName)
                .join(', ')}) stop at once with the payment provider: nothing more is charged.`}
      </li>
    </ul>
  );
}
