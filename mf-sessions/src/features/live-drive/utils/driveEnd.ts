import { isRealDate, isValidTime } from '@logbook/contracts/view';
import { LONG_DRIVE_MINUTES, type RunningDrive } from '@logbook/session-device/runningDrive';

/** True when End Drive should ask when the drive really ended, rather than take the time now. */
export const isLongDrive = (elapsedMinutes: number) => elapsedMinutes > LONG_DRIVE_MINUTES;

/** What is wrong with an end the person gave for a long drive, if anything. */
export function endTimeProblem(
  drive: Pick<RunningDrive, 'startedAt'>,
  date: string,
  time: string,
  now: Date,
): string | undefined {
  if (!isRealDate(date) || !isValidTime(time)) return 'Enter the date and time the drive ended';
  const end = new Date(`${date}T${time}:00`);
  if (Number.isNaN(end.getTime())) return 'Enter the date and time the drive ended';
  if (end.getTime() <= Date.parse(drive.startedAt)) return 'The drive must end after it started';
  if (end.getTime() > now.getTime()) return 'The end cannot be in the future';
  if (end.getTime() - Date.parse(drive.startedAt) >= 24 * 60 * 60_000) return 'A drive cannot last a day or more';
  return undefined;
}
