import { normaliseStatus } from '@logbook/contracts/view';
import type { Student } from '@logbook/contracts/view';

type Removed = Pick<Student, 'firstName' | 'lastName' | 'hasStudentLogin' | 'subscriptionStatus'>;

const sessionsText = (count: number) => (count === 1 ? '1 driving session' : `${count} driving sessions`);

/** What removing a student takes with it: their sessions (counted when the count is known), login and subscription. */
export function removalText(student: Removed, sessionCount: number | undefined) {
  const { firstName } = student;
  const name = `${firstName} ${student.lastName}`;
  const removed =
    sessionCount === undefined
      ? `${name} and every driving session with its signatures`
      : sessionCount === 0
        ? `${name}, who has no driving sessions yet`
        : `${name} and ${firstName}'s ${sessionsText(sessionCount)} with every signature`;
  const subscribed = !['inactive', 'canceled'].includes(normaliseStatus(student.subscriptionStatus));
  const also = [
    student.hasStudentLogin ? `ends ${firstName}'s student login` : null,
    subscribed ? `stops ${firstName}'s subscription` : null,
  ].filter((part) => part !== null);
  const rest = also.length === 0 ? '' : also.length === 1 ? `, and ${also[0]}` : `, ${also[0]} and ${also[1]}`;
  const paid = subscribed ? ' The month already paid for is not refunded.' : '';
  return `This removes ${removed}${rest}.${paid} It cannot be undone.`;
}
