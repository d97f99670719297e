import { ADELAIDE } from '@logbook/contracts/sun';
import { dayPhrase, hintPlace, timeOfDayHint } from '../src/features/session-form/utils/timeOfDayHint';

const january = { date: '2026-01-15', startTime: '21:00', endTime: '22:00' };

describe('Day or Night from the sun', () => {
  it('suggests Night for 21:00–22:00 in Adelaide in January, after a sunset near 20:30', () => {
    const hint = timeOfDayHint(january, ADELAIDE, '2026-03-01');
    expect(hint).toMatchObject({ timeOfDay: 'night', label: 'Night' });
    expect(hint!.reason).toMatch(/^Sunset in Adelaide on 15 Jan at 20:(2\d|3\d)$/);
  });

  it('suggests Day for 12:00–13:00, with the hours of daylight', () => {
    const hint = timeOfDayHint({ ...january, startTime: '12:00', endTime: '13:00' }, ADELAIDE, '2026-03-01');
    expect(hint).toMatchObject({ timeOfDay: 'day', label: 'Day' });
    expect(hint!.reason).toMatch(/^Daylight in Adelaide on 15 Jan from 06:\d\d to 20:\d\d$/);
  });

  it('explains a drive before dawn in winter with the sunrise', () => {
    const hint = timeOfDayHint({ date: '2026-06-21', startTime: '06:00', endTime: '07:00' }, ADELAIDE, '2026-06-21');
    expect(hint).toMatchObject({ timeOfDay: 'night' });
    expect(hint!.reason).toMatch(/^Sunrise in Adelaide today at 07:2\d$/);
  });

  it('says nothing until the date and both times are set', () => {
    expect(timeOfDayHint({ ...january, endTime: '' })).toBeNull();
    expect(timeOfDayHint({ ...january, startTime: '' })).toBeNull();
    expect(timeOfDayHint({ ...january, date: '' })).toBeNull();
    expect(timeOfDayHint({ ...january, date: '2026-02-30' })).toBeNull();
  });

  it('names the place the location button found, in the device time zone', () => {
    const place = hintPlace(
      { coordinates: { latitude: -34.921, longitude: 138.631 }, placeName: 'Norwood' },
      'Australia/Adelaide',
    );
    expect(place).toEqual({ name: 'Norwood', latitude: -34.921, longitude: 138.631, timeZone: 'Australia/Adelaide' });
    expect(timeOfDayHint(january, place, '2026-01-15')!.reason).toMatch(/^Sunset in Norwood today at 20:\d\d$/);
    const unnamed = hintPlace({ coordinates: { latitude: -34.921, longitude: 138.631 } }, 'Australia/Adelaide');
    expect(timeOfDayHint(january, unnamed, '2026-01-15')!.reason).toMatch(/^Sunset where you are today at /);
    expect(hintPlace(undefined)).toBe(ADELAIDE);
  });

  it('follows the place: the same evening is still day in Darwin', () => {
    const darwin = { name: 'Darwin', latitude: -12.46, longitude: 130.84, timeZone: 'Australia/Darwin' };
    expect(timeOfDayHint({ ...january, startTime: '18:00', endTime: '19:00' }, darwin)!.timeOfDay).toBe('day');
    expect(timeOfDayHint({ ...january, startTime: '20:00', endTime: '21:00' }, darwin)!.timeOfDay).toBe('night');
  });
});

describe('the day in words', () => {
  it.each([
    ['2026-01-15', '2026-01-15', 'today'],
    ['2026-01-14', '2026-01-15', 'yesterday'],
    ['2026-01-16', '2026-01-15', 'tomorrow'],
    ['2026-01-03', '2026-01-15', 'on 3 Jan'],
    ['2025-12-30', '2026-01-15', 'on 30 Dec 2025'],
    ['2026-03-01', '2026-02-28', 'tomorrow'],
  ])('%s seen on %s reads %s', (date, today, phrase) => {
    expect(dayPhrase(date, today)).toBe(phrase);
  });
});
