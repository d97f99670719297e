import { recallStudent, rememberStudent } from '../src/lib/studentCache';

beforeEach(() => localStorage.clear());

describe('the student remembered for the form offline', () => {
  it('is read back with the student contract, older copies getting safe values', () => {
    localStorage.setItem('logbook.sessions.student-7', JSON.stringify({ id: 7, firstName: 'Sam' }));
    expect(recallStudent('parent', 7)).toEqual({
      id: 7,
      firstName: 'Sam',
      lastName: '',
      subscriptionStatus: 'inactive',
    });
  });

  it.each([
    ['an id as text', { id: '7', firstName: 'Sam', lastName: 'L', subscriptionStatus: 'active' }],
    ['a fractional id', { id: 7.5, firstName: 'Sam', lastName: 'L', subscriptionStatus: 'active' }],
    ['no first name', { id: 7, lastName: 'L', subscriptionStatus: 'active' }],
    ['not an object', 'Sam'],
  ])('is forgotten when it has %s', (_, stored) => {
    localStorage.setItem('logbook.sessions.signedInStudent', JSON.stringify(stored));
    expect(recallStudent('student')).toBeUndefined();
  });

  it('drops a damaged date of birth but keeps the student', () => {
    rememberStudent('student', { id: 9, firstName: 'Ava', lastName: 'L', subscriptionStatus: 'active' });
    localStorage.setItem(
      'logbook.sessions.signedInStudent',
      JSON.stringify({ id: 9, firstName: 'Ava', lastName: 'L', subscriptionStatus: 'active', dateOfBirth: 12 }),
    );
    expect(recallStudent('student')).toEqual({ id: 9, firstName: 'Ava', lastName: 'L', subscriptionStatus: 'active' });
  });
});
