import { parseStudentId } from '../src/features/students/utils/studentId';

describe('student id in the route', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    ['007', 7],
  ])('%p names student %p', (raw, id) => {
    expect(parseStudentId(raw)).toBe(id);
  });

  it.each([undefined, '', 'abc', '0', '-3', '1.5', '1e3', ' 4', '12abc', '9999999999999999'])(
    '%p names no student',
    (raw) => {
      expect(parseStudentId(raw)).toBeNull();
    },
  );
});
