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
import { isRealDate, latestTodayISO } from '@logbook/contracts/dates';
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
  it('names each missing field', () => {
    expect(msg(drivingSessionInputSchema.safeParse({ ...valid, studentSignature: '' }))).toBe(
      VALIDATION.studentSignatureRequired,
    );
    expect(msg(drivingSessionInputSchema.safeParse({ ...valid, supervisorSignature: undefined }))).toBe(
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
  it('takes today as the latest date anywhere: Adelaide’s today, or its tomorrow late in its evening', () => {
    // 23 Nov 2026, 09:00 UTC: 19:30 in Adelaide (UTC+10:30), 23:00 at UTC+14.
    expect(latestTodayISO(new Date('2026-11-23T09:00:00Z'))).toBe('2026-11-23');
    // 10:30 UTC: 21:00 in Adelaide, already 24 Nov at UTC+14.
    expect(latestTodayISO(new Date('2026-11-23T10:30:00Z'))).toBe('2026-11-24');
    // Just after midnight in Adelaide (13:31 UTC the day before): still Adelaide's today.
    expect(latestTodayISO(new Date('2026-11-22T13:31:00Z'))).toBe('2026-11-23');
  });
});
