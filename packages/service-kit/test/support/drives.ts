const DAY = 24 * 60;
const LENGTH = 90;
const FIRST_START = 9 * 60;
const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * Each learner's drives of an hour and a half, one after another, so that tests logging several never overlap (the log
 * book refuses a drive that overlaps another of the learner's): the first from 09:00 to 10:30 on `firstDate`, each
 * next one starting as the one before ends, round the clock, and once that day is full, the same on the day before.
 */
export function drivesInTurn(firstDate: string) {
  const logged = new Map<number, number>();
  const first = Date.parse(`${firstDate}T00:00:00Z`);
  return (studentId: number) => {
    const n = logged.get(studentId) ?? 0;
    logged.set(studentId, n + 1);
    const start = (FIRST_START + LENGTH * n) % DAY;
    const date = new Date(first - Math.floor(n / (DAY / LENGTH)) * 86_400_000).toISOString().slice(0, 10);
    return { date, startTime: hhmm(start), endTime: hhmm(start + LENGTH) };
  };
}
