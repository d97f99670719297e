import { parseStudentId } from '@logbook/shell-context/studentId';

describe('student id in the route', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    [7, 7],
  ])('%p names student %p', (raw, id) => {
    expect(parseStudentId(raw)).toBe(id);
  });

  it.each([
    undefined,
    null,
    '',
    'abc',
    '0',
    '007',
    '-3',
    '1.5',
    '1e3',
    ' 4',
    '12abc',
    '99999999999999999',
    0,
    -3,
    1.5,
    Number.NaN,
  ])('%p names no student', (raw) => {
    expect(parseStudentId(raw)).toBeNull();
  });
});
