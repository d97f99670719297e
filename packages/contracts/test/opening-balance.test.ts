import { OPENING_BALANCE_MESSAGES, openingBalanceSchema } from '../src/opening-balance';
import { firstIssueMessage } from '../src/schemas';
import { studentUsernameKey } from '../src/student-usernames';

const parse = (input: unknown) => openingBalanceSchema.safeParse(input);

describe('openingBalanceSchema', () => {
  it('accepts 0 to 200 hours in tenths, as numbers or number-input text, and an optional note', () => {
    expect(parse({ dayHours: 0, nightHours: 200 }).data).toEqual({ dayHours: 0, nightHours: 200, note: '' });
    expect(parse({ dayHours: '12.5', nightHours: 0.3, note: ' pages 1-4 ' }).data).toEqual({
      dayHours: 12.5,
      nightHours: 0.3,
      note: 'pages 1-4',
    });
  });

  it.each<[unknown, string]>([
    [{ dayHours: -0.1, nightHours: 0 }, OPENING_BALANCE_MESSAGES.dayHours],
    [{ dayHours: 200.1, nightHours: 0 }, OPENING_BALANCE_MESSAGES.dayHours],
    [{ dayHours: 1.05, nightHours: 0 }, OPENING_BALANCE_MESSAGES.dayHours],
    [{ dayHours: 1, nightHours: '1e2' }, OPENING_BALANCE_MESSAGES.nightHours],
    [{ dayHours: 1, nightHours: { $gt: 0 } }, OPENING_BALANCE_MESSAGES.nightHours],
    [{ dayHours: 1, nightHours: 1, note: 'x'.repeat(501) }, OPENING_BALANCE_MESSAGES.noteTooLong],
    [{ dayHours: 1, nightHours: 1, note: ['a'] }, OPENING_BALANCE_MESSAGES.noteInvalid],
  ])('refuses %j', (input, message) => {
    const result = parse(input);
    expect(result.success).toBe(false);
    expect(firstIssueMessage(result.error!)).toBe(message);
  });
});

describe('studentUsernameKey', () => {
  it('folds case and surrounding spaces so one login cannot be taken twice', () => {
    expect(studentUsernameKey('  Sam.Lee ')).toBe('sam.lee');
    expect(studentUsernameKey('SAM.LEE')).toBe(studentUsernameKey('sam.lee'));
  });
});
