import { setProductClock } from '@logbook/contracts/clock';

/** Noon in Adelaide on a day (YYYY-MM-DD): the same date in every Australian zone. */
const noonOn = (day: string) => new Date(`${day}T12:00:00+10:30`);

/**
 * A test file's rules, targets and readiness counted as on `day` by the product's clock, whatever the machine's says,
 * so the file means the same on any day it runs.
 */
export function useProductDay(day: string): void {
  beforeAll(() => setProductClock(() => noonOn(day)));
  afterAll(() => setProductClock(null));
}

/**
 * The machine's clock set to noon in Adelaide on `day` and moving on with real time (a millisecond a millisecond, so
 * the order of writes is kept), timers running as usual: a whole run as on another day, to show that the tests do not
 * depend on the machine's date.
 */
export function machineClockAt(day: string): void {
  jest.useFakeTimers({
    now: noonOn(day),
    advanceTimers: 1,
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
}
