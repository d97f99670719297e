import { act, renderHook } from '@testing-library/react';
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
  useRunningDrive,
} from '../src/runningDrive';

const at = (local: string) => new Date(local);

/** Another front end's copy of this module, as each remote bundles its own. */
function anotherCopy(): typeof import('../src/runningDrive') {
  let copy: typeof import('../src/runningDrive') | undefined;
  jest.isolateModules(() => {
    copy = require('../src/runningDrive');
  });
  return copy!;
}

beforeEach(() => localStorage.clear());

describe('the running drive kept on this device', () => {
  it('starts once per student, fills where it started, ends, resumes and is forgotten', () => {
    const drive = startRunningDrive(7, { now: at('2026-03-07T17:40:12') });
    expect(drive).toMatchObject({ studentId: 7, date: '2026-03-07', startTime: '17:40', startSuburb: '' });
    expect(startRunningDrive(7, { now: at('2026-03-07T18:30:00') }).startTime).toBe('17:40');

    setRunningDriveStart(7, { startSuburb: ' Norwood ', coordinates: { latitude: -34.92866, longitude: 138.59863 } });
    expect(readRunningDrive(7)).toMatchObject({
      startSuburb: 'Norwood',
      coordinates: { latitude: -34.929, longitude: 138.599 },
    });

    expect(endRunningDrive(7, { endedAt: at('2026-03-07T18:52:00'), endSuburb: 'Glenelg' })?.ended).toMatchObject({
      endTime: '18:52',
      endSuburb: 'Glenelg',
    });
    clearRunningDrive(7);
    expect(readRunningDrive(7)).toBeUndefined();
    expect(endRunningDrive(7)).toBeUndefined();
  });

  it("reads nothing from a damaged entry or one filed under another student's key", () => {
    localStorage.setItem(runningDriveStorageKey(7), '{broken');
    expect(readRunningDrive(7)).toBeUndefined();
    startRunningDrive(8, { now: at('2026-03-07T09:00:00') });
    localStorage.setItem(runningDriveStorageKey(9), localStorage.getItem(runningDriveStorageKey(8))!);
    expect(readRunningDrive(9)).toBeUndefined();
  });

  it('counts whole minutes since the start, never below zero, in figures and in words', () => {
    const drive = { startedAt: '2026-03-07T08:00:00.000Z' };
    expect(elapsedMinutes(drive, new Date('2026-03-07T09:42:59.000Z'))).toBe(102);
    expect(elapsedMinutes(drive, new Date('2026-03-07T07:00:00.000Z'))).toBe(0);
    expect([elapsedText(5), elapsedText(102), elapsedText(1563)]).toEqual(['0:05', '1:42', '26:03']);
    expect([elapsedWords(5), elapsedWords(102), elapsedWords(120)]).toEqual(['5 min', '1 h 42 min', '2 h']);
  });

  it("follows a drive that another front end's copy starts and ends on the same page", () => {
    const sessions = anotherCopy();
    const { result } = renderHook(() => useRunningDrive(7));
    expect(result.current).toBeUndefined();

    act(() => void sessions.startRunningDrive(7, { now: at('2026-03-07T17:40:00') }));
    expect(result.current?.startTime).toBe('17:40');
    act(() => void sessions.endRunningDrive(7, { endedAt: at('2026-03-07T18:10:00') }));
    expect(result.current?.ended?.endTime).toBe('18:10');
    act(() => sessions.clearRunningDrive(7));
    expect(result.current).toBeUndefined();
  });

  it('follows a drive started in another tab', () => {
    const drive = startRunningDrive(7, { now: at('2026-03-07T17:40:00') });
    const { result } = renderHook(() => useRunningDrive(7));
    expect(result.current?.startSuburb).toBe('');
    act(() => {
      localStorage.setItem(runningDriveStorageKey(7), JSON.stringify({ ...drive, startSuburb: 'Norwood' }));
      window.dispatchEvent(new StorageEvent('storage', { key: runningDriveStorageKey(7) }));
    });
    expect(result.current?.startSuburb).toBe('Norwood');
  });
});
