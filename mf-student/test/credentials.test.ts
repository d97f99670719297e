import { VALIDATION } from '@logbook/contracts/messages';
import { checkCredentials } from '../src/features/student-auth/api/credentials';

describe('student sign-in validation', () => {
  test('both fields empty: the form message, and both fields marked', () => {
    const check = checkCredentials({ studentUsername: '', studentPassword: '' });
    expect(check).toEqual({
      ok: false,
      message: 'Please enter both username and password',
      fields: {
        studentUsername: VALIDATION.bothUsernameAndPassword,
        studentPassword: VALIDATION.bothUsernameAndPassword,
      },
    });
  });

  test('only the blank field is marked', () => {
    const noPassword = checkCredentials({ studentUsername: 'ann.lee', studentPassword: '' });
    expect(noPassword.ok).toBe(false);
    if (noPassword.ok) return;
    expect(noPassword.message).toBe(VALIDATION.bothUsernameAndPassword);
    expect(Object.keys(noPassword.fields)).toEqual(['studentPassword']);

    const noUsername = checkCredentials({ studentUsername: '', studentPassword: 'secret1' });
    expect(noUsername.ok).toBe(false);
    if (noUsername.ok) return;
    expect(Object.keys(noUsername.fields)).toEqual(['studentUsername']);
  });

  test('blank after trimming counts as empty', () => {
    for (const form of [
      { studentUsername: '   ', studentPassword: 'secret1' },
      { studentUsername: 'ann.lee', studentPassword: ' \t ' },
    ]) {
      const check = checkCredentials(form);
      expect(check.ok).toBe(false);
      if (!check.ok) expect(check.message).toBe(VALIDATION.bothUsernameAndPassword);
    }
  });

  test('valid credentials are sent with the username trimmed and the password as typed', () => {
    expect(checkCredentials({ studentUsername: '  ann.lee ', studentPassword: ' secret 1 ' })).toEqual({
      ok: true,
      credentials: { studentUsername: 'ann.lee', studentPassword: ' secret 1 ' },
    });
  });

  test('an overlong username is a problem of that field', () => {
    const check = checkCredentials({ studentUsername: 'a'.repeat(65), studentPassword: 'secret1' });
    expect(check).toEqual({
      ok: false,
      message: VALIDATION.usernameTooLong,
      fields: { studentUsername: VALIDATION.usernameTooLong },
    });
  });
});
