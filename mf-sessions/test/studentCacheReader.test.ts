import { studentSchema } from '@logbook/contracts/schemas';
import { readRememberedStudent, recallStudent } from '../src/lib/studentCache';

/*
 * The reader of the student remembered for the form offline, held to the student contract: a copy the contract reads,
 * the reader reads the same, and one it refuses, the reader refuses.
 */

const rememberedSchema = studentSchema.pick({ id: true, firstName: true }).extend({
  lastName: studentSchema.shape.lastName.catch(''),
  subscriptionStatus: studentSchema.shape.subscriptionStatus.catch('inactive'),
  dateOfBirth: studentSchema.shape.dateOfBirth.optional().catch(undefined),
});

const bySchema = (value: unknown) => {
  const parsed = rememberedSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
};

const throughStorage = (value: unknown): unknown[] => {
  const json = JSON.stringify(value);
  return json === undefined ? [] : [JSON.parse(json)];
};

const ODD_VALUES: ReadonlyArray<readonly [string, unknown]> = [
  ['undefined', undefined],
  ['null', null],
  ['0', 0],
  ['-0', -0],
  ['a whole number', 7],
  ['a fraction', 7.5],
  ['NaN', Number.NaN],
  ['Infinity', Number.POSITIVE_INFINITY],
  ['-Infinity', Number.NEGATIVE_INFINITY],
  ['empty text', ''],
  ['text', 'Sam'],
  ['text of digits', '7'],
  ['a date', '2009-05-01'],
  ['true', true],
  ['an empty object', {}],
  ['an object', { value: 'Sam' }],
  ['an empty list', []],
  ['a list', ['Sam']],
];

const IDS: ReadonlyArray<unknown> = [
  7,
  1,
  0,
  -0,
  -7,
  7.5,
  1e-9,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 1,
  Number.MIN_SAFE_INTEGER - 1,
  2 ** 53,
  1e21,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  '7',
  '07',
  '0',
  '-1',
  '1e3',
  '1234567890123456',
  null,
  undefined,
  true,
  {},
  [7],
];

const FULL = {
  id: 7,
  firstName: 'Sam',
  lastName: 'Learner',
  subscriptionStatus: 'active',
  dateOfBirth: '2009-05-01',
};

const WITHOUT_BIRTH = { id: 9, firstName: 'Ava', lastName: 'L', subscriptionStatus: 'active' };
const MINIMAL = { id: 7, firstName: 'Sam' };

const withField = (base: object, key: string, value: unknown) => ({ ...base, [key]: value });
const withoutField = (base: Record<string, unknown>, key: string) => {
  const copy = { ...base };
  delete copy[key];
  return copy;
};

const KEYS = Object.keys(FULL);

const CASES: Array<readonly [string, unknown]> = [
  ['a full copy', FULL],
  ['a copy without a date of birth', WITHOUT_BIRTH],
  ['an older copy', MINIMAL],
  ...([FULL, WITHOUT_BIRTH, MINIMAL] as Array<Record<string, unknown>>).flatMap((base) => {
    const which = base === FULL ? 'full' : base === MINIMAL ? 'older' : 'without a birth date';
    return [
      ...KEYS.map((key) => [`${which}, without ${key}`, withoutField(base, key)] as const),
      ...[...KEYS, 'extra', 'studentUsername', 'hasStudentLogin'].flatMap((key) =>
        ODD_VALUES.map(([name, value]) => [`${which}, ${key} ${name}`, withField(base, key, value)] as const),
      ),
      ...IDS.map((id) => [`${which}, id ${String(id)}`, withField(base, 'id', id)] as const),
    ];
  }),
  [
    'a whole student answer',
    {
      ...FULL,
      licenseNumber: null,
      permitDate: '2025-05-01',
      courses: [],
      hasStudentLogin: true,
      studentUsername: 'sam',
      createdAt: '2026-01-01T00:00:00.000Z',
    },
  ],
  ['inherited fields', Object.assign(Object.create({ dateOfBirth: '2009-05-01', lastName: 'L' }), MINIMAL)],
  ['inherited required fields', Object.assign(Object.create({ firstName: 'Sam' }), { id: 7 })],
  ['no prototype', Object.assign(Object.create(null), FULL)],
  ['a __proto__ key', JSON.parse('{"__proto__": {"dateOfBirth": "2009-05-01"}, "id": 7, "firstName": "Sam"}')],
  ['null', null],
  ['undefined', undefined],
  ['text', 'Sam'],
  ['a number', 7],
  ['true', true],
  ['an empty object', {}],
  ['an empty list', []],
  ['a list holding a student', [FULL]],
  ['a function', () => FULL],
];

describe('the student remembered on this device, read back', () => {
  it.each(CASES)('is read as the student contract reads it: %s', (_, value) => {
    for (const stored of [value, ...throughStorage(value)]) {
      const expected = bySchema(stored);
      const read = readRememberedStudent(stored);
      expect(read).toStrictEqual(expected);
      if (read && expected) expect(Object.keys(read)).toEqual(Object.keys(expected));
    }
  });

  it('accepts and refuses as many copies as the table means it to', () => {
    const read = CASES.filter(([, value]) => bySchema(value) !== undefined).length;
    expect(read).toBeGreaterThan(100);
    expect(CASES.length - read).toBeGreaterThan(50);
  });

  it.each(CASES.filter(([, value]) => JSON.stringify(value) !== undefined))(
    'is recalled as the contract reads it, for its own student only: %s',
    (_, value) => {
      localStorage.clear();
      const json = JSON.stringify(value);
      localStorage.setItem('logbook.sessions.student-7', json);
      localStorage.setItem('logbook.sessions.signedInStudent', json);
      const expected = bySchema(JSON.parse(json));
      const kept = expected && {
        id: expected.id,
        firstName: expected.firstName,
        lastName: expected.lastName,
        subscriptionStatus: expected.subscriptionStatus,
        ...(typeof expected.dateOfBirth === 'string' ? { dateOfBirth: expected.dateOfBirth } : {}),
      };
      expect(recallStudent('student')).toStrictEqual(kept);
      expect(recallStudent('parent', 7)).toStrictEqual(kept?.id === 7 ? kept : undefined);
    },
  );
});
