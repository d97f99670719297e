import { conflict } from '@logbook/service-kit/errors';
import { API_ERRORS } from '@logbook/contracts/messages';
import { minutesOfDay } from '@logbook/contracts/dates';
import { durationMinutes } from '@logbook/contracts/duration';
import { DrivingSessionModel, IN_FORCE } from './model';

interface Drive {
  date: string;
  startTime: string;
  endTime: string;
}

const MINUTES_PER_DAY = 24 * 60;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;
const dateOfDay = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);

/** The minutes a drive covers from its start to its end, half-open; an end before the start is on the next day. */
function spanOf({ date, startTime, endTime }: Drive): { start: number; end: number } | null {
  const start = minutesOfDay(startTime);
  const minutes = durationMinutes(startTime, endTime);
  if (start === null || !minutes) return null;
  const from = dayNumber(date) * MINUTES_PER_DAY + start;
  return { start: from, end: from + minutes };
}

/**
 * Refuses a new entry or a correction whose drive overlaps another entry of the learner that counts or awaits its
 * supervisor's signature: the same drive logged from two phones would count twice. Parts of one drive that touch (one
 * ends as the next starts) do not overlap. A drive that crosses midnight meets the next day's entries, so the days
 * either side are read too, by the learner's date index. The same submission again (its client id) is not another
 * drive: it is answered with the entry already stored.
 */
export async function refuseOverlap(studentId: number, drive: Drive & { clientId: string }): Promise<void> {
  const span = spanOf(drive);
  if (!span) return;
  const day = dayNumber(drive.date);
  const nearby = await DrivingSessionModel.find({
    studentId,
    date: { $gte: dateOfDay(day - 1), $lte: dateOfDay(day + 1) },
    $or: [IN_FORCE, { status: 'awaiting' }],
    clientId: { $ne: drive.clientId },
  })
    .select({ date: 1, startTime: 1, endTime: 1 })
    .lean();
  const other = nearby.find((entry) => {
    const its = spanOf(entry);
    return its !== null && its.start < span.end && span.start < its.end;
  });
  if (other) throw conflict(API_ERRORS.sessionOverlaps(other.date, other.startTime, other.endTime));
}
