import {
  clearRunningDrive,
  elapsedMinutes,
  elapsedText,
  elapsedWords,
  endRunningDrive,
  readRunningDrive,
  runningDriveStorageKey,
  setRunningDriveStart,
  startRunningDrive,
} from '@logbook/session-device/runningDrive';
import { driveLocation, driveSessionValues } from '../src/lib/driveValues';
import { endTimeProblem, isLongDrive } from '../src/features/live-drive/utils/driveEnd';

// Local times: the drive keeps the device's own date and clock, as the session form does.
const at = (iso: string) => new Date(iso);

beforeEach(() => localStorage.clear());

describe('the running drive kept on this device', () => {
  it('starts with the local date and time, and keeps one drive per student', () => {
    const first = startRunningDrive(7, { now: at('2026-03-07T17:40:12') });
    expect(first).toMatchObject({ studentId: 7, date: '2026-03-07', startTime: '17:40', startSuburb: '' });
    const again = startRunningDrive(7, { now: at('2026-03-07T18:00:00') });
    expect(again.startTime).toBe('17:40');
    startRunningDrive(8, { now: at('2026-03-07T18:05:00') });
    expect(readRunningDrive(7)?.startTime).toBe('17:40');
    expect(readRunningDrive(8)?.startTime).toBe('18:05');
  });

  it('survives a reload: it is read back from storage, and fills the start once location answers', () => {
    startRunningDrive(7, { now: at('2026-03-07T17:40:00') });
    const raw = localStorage.getItem(runningDriveStorageKey(7));
    expect(raw).toContain('"startTime":"17:40"');
    setRunningDriveStart(7, { startSuburb: ' Norwood ', coordinates: { latitude: -34.92123, longitude: 138.63456 } });
    expect(readRunningDrive(7)).toMatchObject({
      startSuburb: 'Norwood',
      coordinates: { latitude: -34.921, longitude: 138.635 },
    });
  });

  it('drops a damaged or foreign entry rather than failing', () => {
    localStorage.setItem(runningDriveStorageKey(7), '{not json');
    expect(readRunningDrive(7)).toBeUndefined();
    localStorage.setItem(runningDriveStorageKey(7), JSON.stringify({ studentId: 9, startedAt: 'x' }));
    expect(readRunningDrive(7)).toBeUndefined();
    localStorage.setItem(
      runningDriveStorageKey(7),
      JSON.stringify({
        studentId: 8,
        startedAt: '2026-03-07T07:10:00.000Z',
        date: '2026-03-07',
        startTime: '17:40',
      }),
    );
    expect(readRunningDrive(7)).toBeUndefined();
  });

  it('ends with the end time and suburb, can resume, and is forgotten when cleared', () => {
    startRunningDrive(7, { now: at('2026-03-07T23:40:00'), startSuburb: 'Norwood' });
    const ended = endRunningDrive(7, { endedAt: at('2026-03-08T00:20:00'), endSuburb: 'Glenelg' });
    expect(ended?.ended).toMatchObject({ endTime: '00:20', endSuburb: 'Glenelg' });
    // The form takes the drive's date, and an end before the start runs past midnight.
    expect(driveSessionValues(ended!)).toMatchObject({
      date: '2026-03-07',
      startTime: '23:40',
      endTime: '00:20',
      startSuburb: 'Norwood',
      endSuburb: 'Glenelg',
      weatherConditions: '',
    });
    clearRunningDrive(7);
    expect(readRunningDrive(7)).toBeUndefined();
    expect(endRunningDrive(7)).toBeUndefined();
  });

  it('knows where the drive started for the sun, only when location was allowed', () => {
    const plain = startRunningDrive(7, { now: at('2026-03-07T17:40:00') });
    expect(driveLocation(plain)).toBeUndefined();
    const located = setRunningDriveStart(7, {
      startSuburb: 'Norwood',
      coordinates: { latitude: -34.92, longitude: 138.63 },
    });
    expect(driveLocation(located!)).toEqual({
      coordinates: { latitude: -34.92, longitude: 138.63 },
      placeName: 'Norwood',
    });
  });

  it('counts the elapsed time in whole minutes and says it both ways', () => {
    const drive = startRunningDrive(7, { now: at('2026-03-07T17:40:00') });
    expect(elapsedMinutes(drive, at('2026-03-07T18:20:59'))).toBe(40);
    expect(elapsedMinutes(drive, at('2026-03-07T17:00:00'))).toBe(0);
    expect(elapsedText(40)).toBe('0:40');
    expect(elapsedText(26 * 60 + 3)).toBe('26:03');
    expect(elapsedWords(40)).toBe('40 min');
    expect(elapsedWords(120)).toBe('2 h');
    expect(elapsedWords(102)).toBe('1 h 42 min');
  });
});

describe('ending a drive left running for hours', () => {
  const drive = { startedAt: at('2026-03-07T09:00:00').toISOString() };
  const now = at('2026-03-07T16:00:00');

  it('asks only after more than five hours', () => {
    expect(isLongDrive(300)).toBe(false);
    expect(isLongDrive(301)).toBe(true);
  });

  it('takes an end after the start and not in the future', () => {
    expect(endTimeProblem(drive, '2026-03-07', '10:15', now)).toBeUndefined();
    expect(endTimeProblem(drive, '2026-03-07', '', now)).toBe('Enter the date and time the drive ended');
    expect(endTimeProblem(drive, '2026-03-07', '08:30', now)).toBe('The drive must end after it started');
    expect(endTimeProblem(drive, '2026-03-07', '17:00', now)).toBe('The end cannot be in the future');
    expect(endTimeProblem(drive, '2026-03-08', '09:30', at('2026-03-09T00:00:00'))).toBe(
      'A drive cannot last a day or more',
    );
  });
});
