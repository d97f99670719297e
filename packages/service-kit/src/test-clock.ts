/**
 * The day a test file runs as: the clock's date is set to noon in Adelaide on `day` (YYYY-MM-DD), and timers run as
 * usual, so a test of a rule, a target or readiness means the same on any day it runs.
 */
export function runAsOn(day: string): void {
  jest.useFakeTimers({
    now: new Date(`${day}T12:00:00+10:30`),
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
