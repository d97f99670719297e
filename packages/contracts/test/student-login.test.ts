import { PASSWORD_MIN } from '@logbook/contracts/constants';
import { VALIDATION } from '@logbook/contracts/messages';
import { hasHiddenCharacters, studentCredentialsSchema, studentLoginSchema } from '@logbook/contracts/schemas';

const firstMessage = (input: unknown) => {
  const result = studentLoginSchema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe('a new student login', () => {
  it(`needs a password of at least ${PASSWORD_MIN.student} characters`, () => {
    expect(firstMessage({ studentUsername: 'sam', studentPassword: 'x' })).toBe(VALIDATION.studentPasswordMin);
    expect(firstMessage({ studentUsername: 'sam', studentPassword: '1234567' })).toBe(VALIDATION.studentPasswordMin);
    expect(firstMessage({ studentUsername: 'sam', studentPassword: 'kq7-tram' })).toBeUndefined();
  });

  it('still asks for both fields first', () => {
    expect(firstMessage({ studentUsername: ' ', studentPassword: '' })).toBe(VALIDATION.bothUsernameAndPassword);
  });

  it.each([
    ['NUL', '\u0000'],
    ['bell', '\u0007'],
    ['delete', '\u007F'],
    ['C1 control', '\u0085'],
    ['right-to-left override', '\u202E'],
    ['left-to-right embedding', '\u202A'],
    ['first-strong isolate', '\u2068'],
    ['right-to-left mark', '\u200F'],
    ['zero-width space', '\u200B'],
    ['zero-width joiner', '\u200D'],
    ['byte order mark', '\uFEFF'],
    ['line separator', '\u2028'],
    ['private use', '\uE000'],
    ['lone surrogate', '\uD800'],
  ])('refuses a username with a %s', (_name, char) => {
    expect(firstMessage({ studentUsername: `sa${char}m`, studentPassword: 'kq7-tram' })).toBe(
      VALIDATION.hiddenCharacters,
    );
  });

  it('keeps names with accents, spaces, dots and other scripts', () => {
    for (const name of ['José Ávila', 'sam.lee-2', 'Zoë', 'Łukasz', '王小明', 'أحمد']) {
      expect(hasHiddenCharacters(name)).toBe(false);
      expect(firstMessage({ studentUsername: name, studentPassword: 'kq7-tram' })).toBeUndefined();
    }
  });

  it('leaves student sign-in as it was: an existing short password still signs in', () => {
    expect(studentCredentialsSchema.safeParse({ studentUsername: 'sam', studentPassword: 'pw1' }).success).toBe(true);
  });
});
