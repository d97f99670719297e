import {
  describeBreak,
  entryName,
  hoursText,
  normaliseCode,
  sessionsText,
} from '../src/features/verification/lib/verificationText';

describe('verification wording', () => {
  test('codes typed with spaces, dashes or lower case become the printed code', () => {
    expect(normaliseCode(' abcd-efgh ijkl mnop ')).toBe('ABCDEFGHIJKLMNOP');
  });

  test('entries are named the way people count them', () => {
    expect(entryName(1)).toBe('the first entry');
    expect(entryName(10)).toBe('the tenth entry');
    expect(entryName(11)).toBe('the 11th entry');
    expect(entryName(21)).toBe('the 21st entry');
    expect(entryName(112)).toBe('the 112th entry');
    expect(entryName(123)).toBe('the 123rd entry');
  });

  test('a changed entry is named with its date', () => {
    expect(describeBreak({ entry: 2, date: '2026-02-11', hash: 'ab12', problem: 'changed' }, 3)).toBe(
      'The second entry (the session of 11 Feb 2026) was changed after it was logged.',
    );
    expect(describeBreak({ entry: 4, date: null, hash: null, problem: 'changed' }, 5)).toBe(
      'The fourth entry was changed after it was logged.',
    );
  });

  test('a removed entry is placed before the one that follows it, or at the end', () => {
    expect(describeBreak({ entry: 3, date: '2026-03-01', hash: 'cd34', problem: 'missing' }, 5)).toBe(
      'An entry was removed after it was logged, just before the third entry (the session of 1 Mar 2026).',
    );
    expect(describeBreak({ entry: 6, date: null, hash: null, problem: 'missing' }, 5)).toBe(
      'The last entry was removed after it was logged.',
    );
  });

  test('counts read naturally', () => {
    expect(sessionsText(1)).toBe('1 session');
    expect(sessionsText(0)).toBe('0 sessions');
    expect(hoursText(1)).toBe('1 hour');
    expect(hoursText(4.5)).toBe('4.5 hours');
  });
});
