import {
  drivingSessionInputSchema,
  fieldErrors,
  firstIssueMessage,
  loginSchema,
  registerFormSchema,
  registerSchema,
  sessionDateProblem,
  settingInputSchema,
  studentCredentialsSchema,
  studentInputSchema,
} from '@logbook/contracts/schemas';
import { VALIDATION } from '@logbook/contracts/messages';
import { isRealDate, latestSessionDateISO, todayInTimeZone } from '@logbook/contracts/dates';
import { normaliseStatus, subscriptionBadgeLabel } from '@logbook/contracts/subscription';

const msg = (r: { success: boolean; error?: import('zod').ZodError }) =>
  r.success ? null : firstIssueMessage(r.error!);
const PNG = 'data:image/png;base64,iVBORw0KGgo=';

describe('account schemas', () => {
  it('checks the email and password of sign-in', () => {
    expect(msg(loginSchema.safeParse({ email: 'nope', password: 'x' }))).toBe(VALIDATION.invalidEmail);
    expect(msg(loginSchema.safeParse({ email: 'a@b.co', password: '' }))).toBe(VALIDATION.passwordRequired);
    expect(msg(loginSchema.safeParse({ email: { $gt: '' }, password: 'x' }))).toBe(VALIDATION.invalidEmail);
    expect(loginSchema.parse({ email: ' A@B.co ', password: 'x' }).email).toBe('a@b.co');
  });
  it('checks registration', () => {
    expect(msg(registerSchema.safeParse({ email: 'a@b.co', password: '12345' }))).toBe(VALIDATION.passwordMin);
    const form = registerFormSchema.safeParse({ email: 'a@b.co', password: '123456', confirmPassword: '123457' });
    expect(form.success).toBe(false);
    expect(fieldErrors(form.error!)).toEqual({ confirmPassword: VALIDATION.passwordsDontMatch });
    const short = registerFormSchema.safeParse({ email: 'a@b.co', password: '123456', confirmPassword: '1' });
    expect(fieldErrors(short.error!).confirmPassword).toBe(VALIDATION.confirmPassword);
  });
  it('needs both student credentials, non-blank', () => {
    for (const bad of [
      { studentUsername: ' ', studentPassword: 'x' },
      { studentUsername: 'x', studentPassword: '   ' },
      { studentUsername: { $ne: null }, studentPassword: 'x' },
      {},
    ]) {
      expect(msg(studentCredentialsSchema.safeParse(bad))).toBe(VALIDATION.bothUsernameAndPassword);
    }
    expect(studentCredentialsSchema.parse({ studentUsername: ' sam ', studentPassword: 'pw' }).studentUsername).toBe(
      'sam',
    );
  });
});

describe('student schema', () => {
  it('gives the spec messages', () => {
    const r = studentInputSchema.safeParse({ firstName: ' ', lastName: '', dateOfBirth: '' });
    expect(fieldErrors(r.error!)).toEqual({
      firstName: VALIDATION.firstNameRequired,
      lastName: VALIDATION.lastNameRequired,
      dateOfBirth: VALIDATION.dateOfBirthRequired,
    });
  });
  it('needs a real date of birth not in the future', () => {
    const base = { firstName: 'A', lastName: 'B' };
    expect(msg(studentInputSchema.safeParse({ ...base, dateOfBirth: '2008-02-30' }))).toBe(
      VALIDATION.dateOfBirthInvalid,
    );
    expect(msg(studentInputSchema.safeParse({ ...base, dateOfBirth: '2999-01-01' }))).toBe(
      VALIDATION.dateOfBirthFuture,
    );
    expect(studentInputSchema.parse({ ...base, dateOfBirth: '2008-02-29' }).licenseNumber).toBe('');
  });
});

describe('driving session schema', () => {
  const valid = {
    studentId: 3,
    date: '2026-03-01',
    startTime: '09:00',
    endTime: '10:30',
    duration: '1.5 hours',
    startSuburb: 'Norwood',
    endSuburb: 'Glenelg',
    timeOfDay: 'day',
    trafficConditions: 'light',
    roadConditions: 'quiet-streets',
    studentSignature: PNG,
    supervisorName: 'Pat Lee',
    supervisorLicenseNumber: 'SA123',
    supervisorSignature: PNG,
  };
  it('accepts a full session and a numeric-text student id', () => {
    expect(drivingSessionInputSchema.parse({ ...valid, studentId: '3' }).studentId).toBe(3);
  });
  it('reads the zone a post names for the date check, and counts one it cannot use as not given', () => {
    expect(drivingSessionInputSchema.parse({ ...valid, timeZone: 'Pacific/Auckland' }).timeZone).toBe(
      'Pacific/Auckland',
    );
    expect(drivingSessionInputSchema.parse(valid).timeZone).toBeUndefined();
    for (const timeZone of [14, null, { zone: 'Pacific/Auckland' }, 'x'.repeat(65)]) {
      const parsed = drivingSessionInputSchema.safeParse({ ...valid, timeZone });
      expect(parsed.success).toBe(true);
      expect(parsed.data?.timeZone).toBeUndefined();
    }
  });
  it('names each missing field', () => {
    expect(msg(drivingSessionInputSchema.safeParse({ ...valid, studentSignature: '' }))).toBe(
      VALIDATION.studentSignatureRequired,
    );
    // The supervisor may be asked to sign on their own phone instead: the service checks that one of the two is sent.
    expect(drivingSessionInputSchema.safeParse({ ...valid, supervisorSignature: undefined }).success).toBe(true);
    expect(msg(drivingSessionInputSchema.safeParse({ ...valid, supervisorSignature: '' }))).toBe(
      VALIDATION.supervisorSignatureRequired,
    );
    expect(msg(drivingSessionInputSchema.safeParse({ ...valid, roadConditions: 'gravel' }))).toBe(
      VALIDATION.roadRequired,
    );
    expect(msg(drivingSessionInputSchema.safeParse({ ...valid, date: '2026-02-30' }))).toBe(VALIDATION.dateInvalid);
    expect(msg(drivingSessionInputSchema.safeParse({ ...valid, startTime: '24:00' }))).toBe(VALIDATION.timeInvalid);
    expect(msg(drivingSessionInputSchema.safeParse({ ...valid, studentSignature: 'data:image/jpeg;base64,xx' }))).toBe(
      VALIDATION.signatureInvalid,
    );
    expect(msg(drivingSessionInputSchema.safeParse({ ...valid, clientId: 'abc' }))).toBe(VALIDATION.clientIdInvalid);
    expect(drivingSessionInputSchema.safeParse({ ...valid, studentId: { $gt: 0 } }).success).toBe(false);
  });
});

describe('settings schema', () => {
  it('takes whole numbers 0 to 200 as numbers or text', () => {
    expect(settingInputSchema.parse({ key: 'dayTimeTargetHours', value: '80' }).value).toBe(80);
    expect(settingInputSchema.parse({ key: 'nightTimeTargetHours', value: 0 }).value).toBe(0);
    for (const value of [201, -1, 1.5, '1e2', 'abc', null]) {
      expect(msg(settingInputSchema.safeParse({ key: 'dayTimeTargetHours', value }))).toBe(VALIDATION.targetHoursRange);
    }
    expect(msg(settingInputSchema.safeParse({ key: 'other', value: 1 }))).toBe(VALIDATION.unknownSettingKey);
  });
});

describe('dates and statuses', () => {
  it('knows real dates', () => {
    expect(isRealDate('2024-02-29')).toBe(true);
    expect(isRealDate('2026-02-29')).toBe(false);
    expect(isRealDate('2026-13-01')).toBe(false);
    expect(isRealDate('2026-1-01')).toBe(false);
  });
  it('maps statuses to badges', () => {
    expect(subscriptionBadgeLabel('active')).toBe('Active');
    expect(subscriptionBadgeLabel('past_due')).toBe('Past Due');
    expect(subscriptionBadgeLabel('canceled')).toBe('Canceled');
    expect(subscriptionBadgeLabel('incomplete')).toBe('Incomplete');
    expect(subscriptionBadgeLabel('trialing')).toBe('Inactive');
    expect(normaliseStatus(undefined)).toBe('inactive');
  });
});

describe('the date of a driving session', () => {
  const limits = { today: '2026-11-23', dateOfBirth: '2008-04-12' };
  it('accepts today, yesterday and the day the student was born', () => {
    for (const date of ['2026-11-23', '2026-11-22', '2008-04-12'])
      expect(sessionDateProblem(date, limits)).toBeUndefined();
  });
  it('refuses a date after today and one before the student was born', () => {
    expect(sessionDateProblem('2026-11-24', limits)).toBe(VALIDATION.dateInFuture);
    expect(sessionDateProblem('2099-12-31', limits)).toBe(VALIDATION.dateInFuture);
    expect(sessionDateProblem('2008-04-11', limits)).toBe(VALIDATION.dateBeforeBirth);
    expect(sessionDateProblem('1900-01-01', limits)).toBe(VALIDATION.dateBeforeBirth);
  });
  it('leaves a date that is not real to the schema, and skips a birth date it cannot read', () => {
    expect(sessionDateProblem('2026-02-30', limits)).toBeUndefined();
    expect(sessionDateProblem('1990-01-01', { today: '2026-11-23', dateOfBirth: 'unknown' })).toBeUndefined();
    expect(sessionDateProblem('1990-01-01', { today: '2026-11-23' })).toBeUndefined();
  });
  describe('today is Adelaide’s, or the driver’s own when their device named a zone on a later date', () => {
    const problem = (date: string, at: string, timeZone?: string) =>
      sessionDateProblem(date, { today: latestSessionDateISO(timeZone, new Date(at)), dateOfBirth: '2008-04-12' });

    it('takes Adelaide’s today when no zone is named, neither UTC’s nor the furthest-ahead zone’s', () => {
      // 15:00 UTC on 10 June is 00:30 on the 11th in Adelaide (UTC+9:30).
      expect(latestSessionDateISO(undefined, new Date('2026-06-10T15:00:00Z'))).toBe('2026-06-11');
      // 10:30 UTC is 20:00 on the 10th in Adelaide, already the 11th at UTC+14.
      expect(latestSessionDateISO(undefined, new Date('2026-06-10T10:30:00Z'))).toBe('2026-06-10');
      expect(problem('2026-06-11', '2026-06-10T15:00:00Z')).toBeUndefined();
      expect(problem('2026-06-12', '2026-06-10T15:00:00Z')).toBe(VALIDATION.dateInFuture);
    });

    it('refuses Adelaide’s tomorrow late in its evening, unless the driver’s own zone is already there', () => {
      // 13:00 UTC on 10 June: 22:30 on the 10th in Adelaide, 01:00 on the 11th in Auckland, 21:00 in Perth.
      const at = '2026-06-10T13:00:00Z';
      expect(latestSessionDateISO(undefined, new Date(at))).toBe('2026-06-10');
      expect(problem('2026-06-10', at)).toBeUndefined();
      expect(problem('2026-06-11', at)).toBe(VALIDATION.dateInFuture);
      expect(problem('2026-06-11', at, 'Pacific/Auckland')).toBeUndefined();
      expect(problem('2026-06-12', at, 'Pacific/Auckland')).toBe(VALIDATION.dateInFuture);
      expect(problem('2026-06-11', at, 'Australia/Perth')).toBe(VALIDATION.dateInFuture);
      // A zone behind Adelaide never takes Adelaide's today away.
      expect(problem('2026-06-10', '2026-06-10T15:00:00Z', 'Australia/Perth')).toBeUndefined();
      expect(problem('2026-06-11', '2026-06-10T15:00:00Z', 'Australia/Perth')).toBeUndefined();
    });

    it('ignores a zone it does not know, and Adelaide’s day holds', () => {
      const at = '2026-06-10T13:00:00Z';
      expect(todayInTimeZone('Pacific/Nowhere', new Date(at))).toBeUndefined();
      for (const zone of ['Pacific/Nowhere', '+14:00', ''])
        expect(problem('2026-06-11', at, zone)).toBe(VALIDATION.dateInFuture);
    });

    it('follows Adelaide’s daylight saving', () => {
      // 13:31 UTC on 22 Nov is 00:01 on the 23rd in Adelaide (UTC+10:30); in June it would still be the 22nd's 23:01.
      expect(latestSessionDateISO(undefined, new Date('2026-11-22T13:31:00Z'))).toBe('2026-11-23');
      expect(latestSessionDateISO(undefined, new Date('2026-06-22T13:31:00Z'))).toBe('2026-06-22');
    });
  });
});
