import { calculateDuration } from '@logbook/contracts/view';

/** The read-only Duration box: '{n} hours' to one decimal once both times give a positive length, else ''. */
export function durationText(startTime: string, endTime: string): string {
  if (!startTime || !endTime) return '';
  return calculateDuration(startTime, endTime);
}
