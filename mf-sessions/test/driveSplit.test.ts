import { ADELAIDE, sunTimes } from '@logbook/contracts/sun';
import { nextDate, splitAtSun } from '../src/features/session-form/utils/driveSplit';

// Adelaide on 7 March 2026: the sun's own times, read once so the test follows the same calculation.
const DATE = '2026-03-07';
const sun = sunTimes(DATE, ADELAIDE)!;
const shift = (hhmm: string, minutes: number) => {
  const [h, m] = hhmm.split(':').map(Number);
  const total = (h * 60 + m + minutes + 1440) % 1440;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
};

describe('splitting a drive at sunset or sunrise', () => {
  it('splits a drive across sunset into a day part and a night part at the sun’s time', () => {
    const start = shift(sun.sunset, -30);
    const end = shift(sun.sunset, 20);
    const split = splitAtSun({ date: DATE, startTime: start, endTime: end }, ADELAIDE);
    expect(split).toEqual({
      event: 'sunset',
      at: sun.sunset,
      parts: [
        { date: DATE, startTime: start, endTime: sun.sunset, timeOfDay: 'day' },
        { date: DATE, startTime: sun.sunset, endTime: end, timeOfDay: 'night' },
      ],
    });
  });

  it('splits a drive across sunrise into a night part and a day part', () => {
    const split = splitAtSun(
      { date: DATE, startTime: shift(sun.sunrise, -15), endTime: shift(sun.sunrise, 45) },
      ADELAIDE,
    );
    expect(split?.event).toBe('sunrise');
    expect(split?.parts.map((p) => p.timeOfDay)).toEqual(['night', 'day']);
    expect(split?.parts[0].endTime).toBe(sun.sunrise);
  });

  it('leaves a drive wholly in daylight or wholly in the dark alone', () => {
    expect(splitAtSun({ date: DATE, startTime: '11:00', endTime: '12:30' }, ADELAIDE)).toBeNull();
    expect(splitAtSun({ date: DATE, startTime: '22:00', endTime: '23:30' }, ADELAIDE)).toBeNull();
    // Across midnight, still dark on both sides.
    expect(splitAtSun({ date: DATE, startTime: '23:30', endTime: '00:40' }, ADELAIDE)).toBeNull();
  });

  it('dates a part that starts after midnight the next day', () => {
    const nextSun = sunTimes(nextDate(DATE), ADELAIDE)!;
    const split = splitAtSun({ date: DATE, startTime: '23:00', endTime: shift(nextSun.sunrise, 30) }, ADELAIDE);
    expect(split?.event).toBe('sunrise');
    expect(split?.parts[1]).toEqual({
      date: '2026-03-08',
      startTime: nextSun.sunrise,
      endTime: shift(nextSun.sunrise, 30),
      timeOfDay: 'day',
    });
  });

  it('answers nothing until the date and both times are known', () => {
    expect(splitAtSun({ date: '', startTime: '17:00', endTime: '20:00' }, ADELAIDE)).toBeNull();
    expect(splitAtSun({ date: DATE, startTime: '17:00', endTime: '' }, ADELAIDE)).toBeNull();
    expect(nextDate('2026-12-31')).toBe('2027-01-01');
  });
});
