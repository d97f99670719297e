import type { z } from 'zod';
import { BILLING_ERRORS } from '@logbook/contracts/billing';
import { VALIDATION } from '@logbook/contracts/messages';
import { openingBalanceSchema } from '@logbook/contracts/opening-balance';
import { sessionFormProblems } from '@logbook/contracts/session-form-checks';
import {
  couponInputSchema,
  createSubscriptionSchema,
  drivingSessionInputSchema,
  emailSchema,
  fieldErrors,
  hasHiddenCharacters,
  sessionCorrectionInputSchema,
  sessionFieldsSchema,
  sessionRemovalInputSchema,
  studentInputSchema,
  studentLoginSchema,
  supervisorInputSchema,
} from '@logbook/contracts/schemas';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';
const student = { firstName: 'Ava', lastName: 'Nguyen', dateOfBirth: '2009-04-17', licenseNumber: 'L1234567' };
const sessionFields = {
  date: '2025-01-10',
  startTime: '09:00',
  endTime: '10:30',
  startSuburb: 'Glenelg',
  endSuburb: 'St. Peters',
  timeOfDay: 'day',
  trafficConditions: 'light',
  roadConditions: 'sealed',
  weatherConditions: 'clear',
  studentSignature: PNG,
  supervisorName: "Siobhan O'Brien",
  supervisorLicenseNumber: 'SA-123',
  supervisorSignature: PNG,
};
const session = { ...sessionFields, studentId: 7, duration: '1h 30m' };

/** Every free-text field a person types, with a valid whole input around it. */
const FIELDS: Array<[string, z.ZodType, Record<string, unknown>, string]> = [
  ['student first name', studentInputSchema, student, 'firstName'],
  ['student last name', studentInputSchema, student, 'lastName'],
  ['student licence number', studentInputSchema, student, 'licenseNumber'],
  ['session start suburb (form)', sessionFieldsSchema, sessionFields, 'startSuburb'],
  ['session end suburb (form)', sessionFieldsSchema, sessionFields, 'endSuburb'],
  ['session supervisor name (form)', sessionFieldsSchema, sessionFields, 'supervisorName'],
  ['session supervisor licence (form)', sessionFieldsSchema, sessionFields, 'supervisorLicenseNumber'],
  ['session start suburb', drivingSessionInputSchema, session, 'startSuburb'],
  ['session end suburb', drivingSessionInputSchema, session, 'endSuburb'],
  ['session supervisor name', drivingSessionInputSchema, session, 'supervisorName'],
  ['session supervisor licence', drivingSessionInputSchema, session, 'supervisorLicenseNumber'],
  ['session duration', drivingSessionInputSchema, session, 'duration'],
  ['correction suburb', sessionCorrectionInputSchema, { ...session, reason: 'Wrong suburb' }, 'endSuburb'],
  ['correction reason', sessionCorrectionInputSchema, { ...session, reason: 'Wrong suburb' }, 'reason'],
  ['removal reason', sessionRemovalInputSchema, { reason: 'Logged twice' }, 'reason'],
  ['saved supervisor name', supervisorInputSchema, { name: 'Mum', licenseNumber: 'SA-1' }, 'name'],
  ['saved supervisor licence', supervisorInputSchema, { name: 'Mum', licenseNumber: 'SA-1' }, 'licenseNumber'],
  ['paper hours note', openingBalanceSchema, { dayHours: 1, nightHours: 0, note: 'Pages 1-4' }, 'note'],
  [
    'student login username',
    studentLoginSchema,
    { studentUsername: 'sam', studentPassword: 'kq7-tram' },
    'studentUsername',
  ],
];

/** Characters no name, suburb, licence or reason needs, each of which can make text read other than it is. */
const HIDDEN: Array<[string, string]> = [
  ['NUL', '\u0000'],
  ['bell', '\u0007'],
  ['tab', '\t'],
  ['escape', '\u001B'],
  ['delete', '\u007F'],
  ['C1 next line', '\u0085'],
  ['C1 control', '\u009B'],
  ['left-to-right embedding', '\u202A'],
  ['right-to-left embedding', '\u202B'],
  ['pop directional formatting', '\u202C'],
  ['left-to-right override', '\u202D'],
  ['right-to-left override', '\u202E'],
  ['left-to-right isolate', '\u2066'],
  ['right-to-left isolate', '\u2067'],
  ['first-strong isolate', '\u2068'],
  ['pop directional isolate', '\u2069'],
  ['zero-width space', '\u200B'],
  ['zero-width non-joiner', '\u200C'],
  ['zero-width joiner', '\u200D'],
  ['left-to-right mark', '\u200E'],
  ['right-to-left mark', '\u200F'],
  ['Arabic letter mark', '\u061C'],
  ['word joiner', '\u2060'],
  ['byte order mark', '\uFEFF'],
  ['line separator', '\u2028'],
  ['paragraph separator', '\u2029'],
  ['Hangul filler', '\u3164'],
  ['private use', '\uE000'],
  ['lone surrogate', '\uD800'],
  ['combining grapheme joiner', '\u034F'],
  ['variation selector', '\uFE0F'],
  ['Mongolian free variation selector', '\u180B'],
  ['Khmer inherent vowel', '\u17B4'],
  ['blank Braille pattern', '\u2800'],
];
const LINE_BREAKS: Array<[string, string]> = [
  ['CR', '\r'],
  ['LF', '\n'],
  ['CR LF', '\r\n'],
];
const MULTI_LINE = new Set(['correction reason', 'removal reason', 'paper hours note']);

const errorsOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
};

describe('every free-text field refuses hidden characters with one message', () => {
  it.each(FIELDS)('%s takes ordinary text', (_name, schema, valid) => {
    expect(schema.safeParse(valid).success).toBe(true);
  });

  describe.each(FIELDS)('%s', (name, schema, valid, field) => {
    const original = String(valid[field]);
    const cases = MULTI_LINE.has(name) ? HIDDEN : [...HIDDEN, ...LINE_BREAKS];
    it.each(cases)('refuses a %s inside it', (_char, char) => {
      const input = { ...valid, [field]: `${original.slice(0, 2)}${char}${original.slice(2)}` };
      expect(errorsOf(schema, input)).toEqual({ [field]: VALIDATION.hiddenCharacters });
    });
  });

  it.each([...MULTI_LINE])('%s keeps its line breaks', (name) => {
    const [, schema, valid, field] = FIELDS.find(([n]) => n === name)!;
    for (const [, br] of LINE_BREAKS) {
      const text = `First line${br}second line`;
      const result = schema.safeParse({ ...valid, [field]: text });
      expect(result.success).toBe(true);
      expect((result.data as Record<string, unknown>)[field]).toBe(text);
    }
  });
});

describe('letters of every script stay welcome', () => {
  const NAMES = [
    'Nguyễn Thị Ánh',
    'Nguye\u0302\u0303n', // the same letters written with combining marks
    'محمد',
    'عبد الله',
    '王小明',
    'Γιώργος',
    'Παπαδόπουλος',
    'अनन्या',
    'สมชาย',
    'Łukasz Żółć',
    "O'Brien",
    'O’Brien',
    'Smith-Jones',
    'St. Peters',
    'Mary-Kate (Katie)',
  ];
  it.each(NAMES)('%s', (name) => {
    expect(hasHiddenCharacters(name)).toBe(false);
    const parsed = studentInputSchema.safeParse({ ...student, firstName: name, lastName: name });
    expect(parsed.success).toBe(true);
    expect(sessionFieldsSchema.safeParse({ ...sessionFields, startSuburb: name, supervisorName: name }).success).toBe(
      true,
    );
    expect(supervisorInputSchema.safeParse({ name, licenseNumber: 'SA-1' }).success).toBe(true);
  });

  it('a required name needs a letter or a digit: marks, blanks or punctuation alone are no name', () => {
    for (const blank of ['\u0301\u0302\u0303', '\u2800\u2800', '-.', '\u3000']) {
      expect(errorsOf(studentInputSchema, { ...student, firstName: blank })).toHaveProperty('firstName');
      expect(errorsOf(sessionFieldsSchema, { ...sessionFields, supervisorName: blank })).toHaveProperty(
        'supervisorName',
      );
    }
    expect(errorsOf(studentInputSchema, { ...student, firstName: '\u0301\u0302' })).toEqual({
      firstName: VALIDATION.firstNameRequired,
    });
    expect(sessionFormProblems({ ...sessionFields, startSuburb: '\u0301\u0302' })).toEqual({
      startSuburb: VALIDATION.startSuburbRequired,
    });
  });

  it('trims spaces and line breaks at either end, as before, rather than refusing them', () => {
    expect(studentInputSchema.parse({ ...student, firstName: '  Ánh\n' }).firstName).toBe('Ánh');
  });
});

describe('codes and addresses', () => {
  it('a coupon code can hold no hidden character: the one answer of a code that cannot be used', () => {
    for (const code of ['FRIEND\u202E50', 'FRIEND\u000050', 'FRIEND\r\n50', 'FRI END']) {
      expect(errorsOf(createSubscriptionSchema, { studentId: 1, couponCode: code })).toEqual({
        couponCode: BILLING_ERRORS.couponUnusable,
      });
      expect(errorsOf(couponInputSchema, { code })).toEqual({ code: VALIDATION.couponInvalid });
    }
    expect(createSubscriptionSchema.parse({ studentId: 1, couponCode: ' friend50 ' }).couponCode).toBe('FRIEND50');
    expect(createSubscriptionSchema.parse({ studentId: 1, couponCode: '' }).couponCode).toBeUndefined();
  });

  it('an email address can hold no hidden character', () => {
    for (const email of ['sam\u202E@example.com', 'sam\u0000@example.com', 'sam@exa\r\nmple.com']) {
      expect(emailSchema.safeParse(email).success).toBe(false);
    }
  });
});
