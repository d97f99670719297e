import { studentAuthState } from '../src/features/student-auth/hooks/useStudentAuth';
import { newSessionTarget } from '../src/lib/studentRoute';
import { studentFromBody } from '../src/features/student-auth/api/studentSession';

const ann = { id: 7, firstName: 'Ann', lastName: 'Lee', subscriptionStatus: 'active' };

describe('what the student-auth answer means', () => {
  test('a student: signed in', () => {
    expect(studentAuthState({ data: { student: ann }, error: undefined })).toEqual({
      status: 'signedIn',
      student: ann,
    });
  });

  test('null (401 or no student in the answer): signed out, which sends the dashboard to /student-login', () => {
    expect(studentAuthState({ data: null, error: undefined })).toEqual({ status: 'signedOut' });
  });

  test('an answer cached without a student: signed out', () => {
    expect(studentAuthState({ data: {}, error: undefined })).toEqual({ status: 'signedOut' });
  });

  test('no answer yet: checking', () => {
    expect(studentAuthState({ data: undefined, error: undefined })).toEqual({ status: 'checking' });
  });

  test('a failure that is not a sign-out: unavailable, never signed out', () => {
    const error = new Error('500: boom');
    expect(studentAuthState({ data: undefined, error })).toEqual({ status: 'unavailable', error });
  });

  test('a failed re-check keeps the student already known', () => {
    expect(studentAuthState({ data: { student: ann }, error: new TypeError('offline') }).status).toBe('signedIn');
  });
});

describe('reading a student out of an answer', () => {
  test('the student of a well-formed answer', () => {
    expect(studentFromBody({ student: { ...ann, extra: 1 } })).toEqual(ann);
  });

  test.each([[null], [{}], [{ student: null }], [{ student: { id: '7', firstName: 'Ann' } }], ['text']])(
    'no student in %p',
    (body) => {
      expect(studentFromBody(body)).toBeNull();
    },
  );
});

describe('which student a /student-new-session URL shows the form for', () => {
  test('no id: the signed-in student', () => {
    expect(newSessionTarget(undefined, 7)).toEqual({ kind: 'own', studentId: 7 });
  });

  test('their own id', () => {
    expect(newSessionTarget('7', 7)).toEqual({ kind: 'own', studentId: 7 });
  });

  test.each(['8', '70', '07', '07x', '-7', 'abc', '7.0'])('any other id (%s) is refused', (id) => {
    expect(newSessionTarget(id, 7)).toEqual({ kind: 'notYours', ownId: 7 });
  });
});
