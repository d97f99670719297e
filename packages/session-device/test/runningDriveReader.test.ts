import { z } from 'zod';
import { localDateISO, localTimeHHMM } from '@logbook/contracts/dates';
import { coordinatesSchema, studentIdSchema } from '@logbook/contracts/session-fields';
import {
  readRunningDrive,
  readStoredRunningDrive,
  runningDriveStorageKey,
  setRunningDriveStart,
  startRunningDrive,
} from '../src/runningDrive';
import type { KeyValueStorage } from '../src/storedValues';

/*
 * The reader of the running drive kept on this device, held to the schema of the student and position the contracts
 * give: a drive the schema reads, the reader reads the same, and one it refuses, the reader refuses.
 */

const round3 = (n: number) => Math.round(n * 1000) / 1000;

const storedCoordinates = coordinatesSchema
  .transform(({ latitude, longitude }) => ({ latitude: round3(latitude), longitude: round3(longitude) }))
  .optional()
  .catch(undefined);

const text = z.string().catch('');

const runningDriveSchema = z.object({
  studentId: studentIdSchema,
  startedAt: z.string().refine((v) => !Number.isNaN(Date.parse(v))),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  startTime: z.string().regex(/^\d{2}:\d{2}$/),
  startSuburb: text.default(''),
  coordinates: storedCoordinates,
  ended: z
    .object({
      endedAt: z.string().refine((v) => !Number.isNaN(Date.parse(v))),
      endTime: z.string().regex(/^\d{2}:\d{2}$/),
      endSuburb: text.default(''),
    })
    .optional()
    .catch(undefined),
});

const bySchema = (value: unknown) => {
  const parsed = runningDriveSchema.safeParse(value);
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
  ['text', 'Norwood'],
  ['text of digits', '7'],
  ['a date', '2026-03-07'],
  ['a time', '17:40'],
  ['a moment', '2026-03-07T07:10:12.000Z'],
  ['true', true],
  ['an empty object', {}],
  ['an object', { value: 'Norwood' }],
  ['an empty list', []],
  ['a list', ['Norwood']],
  ['a date object', new Date('2026-03-07T07:10:12Z')],
];

const STUDENT_IDS: ReadonlyArray<unknown> = [
  7,
  '7',
  '07',
  '0',
  '-1',
  '+7',
  '1e3',
  '7.0',
  ' 7',
  '7\n',
  '1234567890123456',
  '9999999999999999',
  '12345678901234567',
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 1,
  1e21,
  0,
  -0,
  -1,
  1.5,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  null,
  undefined,
  true,
  {},
  [7],
];

const MOMENTS: ReadonlyArray<unknown> = [
  '2026-03-07T07:10:12.000Z',
  '2026-03-07T17:40:12+10:30',
  '2026-03-07',
  'March 7, 2026 17:40',
  '7 March 2026',
  'Sat, 07 Mar 2026 07:10:12 GMT',
  '2026-13-45T99:99:99Z',
  'not a moment',
  '',
  ' ',
  '0',
  '2026',
  '+010000-01-01T00:00:00.000Z',
  1772867412000,
  null,
];

const DATES: ReadonlyArray<unknown> = [
  '2026-03-07',
  '2026-3-7',
  '26-03-07',
  '2026-03-07T00:00',
  '2026/03/07',
  '10000-01-01',
  '0000-00-00',
  '2026-03-07\n',
  '٢٠٢٦-٠٣-٠٧',
  20260307,
];

const TIMES: ReadonlyArray<unknown> = ['17:40', '7:40', '17:40:12', '99:99', '1740', '17:40\n', '', 1740];

const COORDINATES: ReadonlyArray<unknown> = [
  { latitude: -34.92866, longitude: 138.59863 },
  { latitude: -34.9295, longitude: 138.5995 },
  { latitude: -0.0004, longitude: -0.0001 },
  { latitude: 90, longitude: -180 },
  { latitude: 90.0001, longitude: 0 },
  { latitude: 0, longitude: -180.0001 },
  { latitude: Number.NaN, longitude: 1 },
  { latitude: 1, longitude: Number.POSITIVE_INFINITY },
  { latitude: '-34.9', longitude: 138.6 },
  { latitude: -34.9 },
  { latitude: -34.9, longitude: 138.6, accuracy: 12 },
  [-34.9, 138.6],
  '-34.9,138.6',
  null,
  undefined,
  {},
];

const ENDS: ReadonlyArray<unknown> = [
  { endedAt: '2026-03-07T08:52:00.000Z', endTime: '18:22', endSuburb: 'Glenelg' },
  { endedAt: '2026-03-07T08:52:00.000Z', endTime: '18:22' },
  { endedAt: '2026-03-07T08:52:00.000Z', endTime: '18:22', endSuburb: 4 },
  { endedAt: '2026-03-07T08:52:00.000Z', endTime: '18:22', endSuburb: null },
  { endedAt: '2026-03-07T08:52:00.000Z', endTime: '18:22', endSuburb: '', extra: true },
  { endedAt: 'not a moment', endTime: '18:22' },
  { endedAt: '2026-03-07T08:52:00.000Z', endTime: '6:22 pm' },
  { endTime: '18:22' },
  { endedAt: '2026-03-07T08:52:00.000Z' },
  { endedAt: 1772873520000, endTime: '18:22' },
  Object.assign(Object.create({ endTime: '18:22' }), { endedAt: '2026-03-07T08:52:00.000Z' }),
  [],
  'ended',
  true,
  null,
  undefined,
  {},
];

const FULL = {
  studentId: 7,
  startedAt: '2026-03-07T07:10:12.000Z',
  date: '2026-03-07',
  startTime: '17:40',
  startSuburb: 'Norwood',
  coordinates: { latitude: -34.92866, longitude: 138.59863 },
  ended: { endedAt: '2026-03-07T08:52:00.000Z', endTime: '18:22', endSuburb: 'Glenelg' },
};

const MINIMAL = { studentId: 7, startedAt: '2026-03-07T07:10:12.000Z', date: '2026-03-07', startTime: '17:40' };

const withField = (base: object, key: string, value: unknown) => ({ ...base, [key]: value });
const withoutField = (base: Record<string, unknown>, key: string) => {
  const copy = { ...base };
  delete copy[key];
  return copy;
};

const KEYS = Object.keys(FULL);

const CASES: Array<readonly [string, unknown]> = [
  ['a full drive', FULL],
  ['a drive just started', MINIMAL],
  ...([FULL, MINIMAL] as Array<Record<string, unknown>>).flatMap((base) => {
    const which = base === FULL ? 'full' : 'minimal';
    const each = (key: string, values: ReadonlyArray<unknown>) =>
      values.map((value) => [`${which}, ${key} ${JSON.stringify(value)}`, withField(base, key, value)] as const);
    return [
      ...KEYS.map((key) => [`${which}, without ${key}`, withoutField(base, key)] as const),
      ...[...KEYS, 'extra'].flatMap((key) =>
        ODD_VALUES.map(([name, value]) => [`${which}, ${key} ${name}`, withField(base, key, value)] as const),
      ),
      ...each('studentId', STUDENT_IDS),
      ...each('startedAt', MOMENTS),
      ...each('date', DATES),
      ...each('startTime', TIMES),
      ...each('coordinates', COORDINATES),
      ...each('ended', ENDS),
      ...ENDS.filter((end): end is object => !!end && typeof end === 'object' && !Array.isArray(end)).flatMap((end) =>
        each('ended', [
          ...MOMENTS.map((endedAt) => ({ ...end, endedAt })),
          ...TIMES.map((endTime) => ({ ...end, endTime })),
        ]),
      ),
    ];
  }),
  ['inherited fields', Object.assign(Object.create({ coordinates: { latitude: 1, longitude: 2 } }), MINIMAL)],
  ['inherited required fields', Object.assign(Object.create({ date: '2026-03-07' }), withoutField(MINIMAL, 'date'))],
  ['no prototype', Object.assign(Object.create(null), FULL)],
  ['a __proto__ key', JSON.parse(`{"__proto__": {"ended": {}}, ${JSON.stringify(MINIMAL).slice(1)}`)],
  ['a drive resumed', { ...FULL, ended: undefined }],
  ['a drive started without a position', { ...MINIMAL, startSuburb: '', coordinates: undefined }],
  ['null', null],
  ['undefined', undefined],
  ['text', 'running'],
  ['a number', 7],
  ['an empty object', {}],
  ['an empty list', []],
  ['a list holding a drive', [FULL]],
  ['a function', () => FULL],
];

function memoryStorage(): KeyValueStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

describe('a running drive read back from the device', () => {
  it.each(CASES)('is read as the schema reads it: %s', (_, value) => {
    for (const stored of [value, ...throughStorage(value)]) {
      const expected = bySchema(stored);
      const read = readStoredRunningDrive(stored);
      expect(read).toStrictEqual(expected);
      if (read && expected) expect(Object.keys(read)).toEqual(Object.keys(expected));
    }
  });

  it('accepts and refuses as many drives as the table means it to', () => {
    const read = CASES.filter(([, value]) => bySchema(value) !== undefined).length;
    expect(read).toBeGreaterThan(150);
    expect(CASES.length - read).toBeGreaterThan(150);
  });

  it.each(CASES.filter(([, value]) => JSON.stringify(value) !== undefined))(
    "is read from the device's storage as the schema reads it, for its own student only: %s",
    (_, value) => {
      const storage = memoryStorage();
      const json = JSON.stringify(value);
      storage.setItem(runningDriveStorageKey(7), json);
      const expected = bySchema(JSON.parse(json));
      expect(readRunningDrive(7, storage)).toStrictEqual(expected?.studentId === 7 ? expected : undefined);
    },
  );
});

describe('a running drive kept on the device', () => {
  const STARTS: Array<readonly [string, number, Date, string, { latitude: number; longitude: number } | undefined]> = [
    ['with nothing known yet', 7, new Date('2026-03-07T17:40:12'), '', undefined],
    [
      'with a suburb and a position',
      7,
      new Date('2026-03-07T17:40:12'),
      '  Norwood ',
      { latitude: -34.92866, longitude: 138.59863 },
    ],
    ['with a position out of range', 7, new Date('2026-03-07T17:40:12'), '', { latitude: 91, longitude: 0 }],
    [
      'with a position that is not numbers',
      7,
      new Date('2026-03-07T17:40:12'),
      '',
      { latitude: Number.NaN, longitude: 0 },
    ],
    ['for the largest id', Number.MAX_SAFE_INTEGER, new Date('2026-03-07T17:40:12'), '', undefined],
    ['for id 0', 0, new Date('2026-03-07T17:40:12'), '', undefined],
    ['for a negative id', -7, new Date('2026-03-07T17:40:12'), '', undefined],
    ['for a fractional id', 7.5, new Date('2026-03-07T17:40:12'), '', undefined],
    ['for an id that is not a number', Number.NaN, new Date('2026-03-07T17:40:12'), '', undefined],
    ['for an unsafe id', 2 ** 53, new Date('2026-03-07T17:40:12'), '', undefined],
    ['in a year of five digits', 7, new Date('+010000-01-01T12:00:00'), '', undefined],
  ];

  it.each(STARTS)(
    'starts as the schema builds it, or is refused as the schema refuses it: %s',
    (_, studentId, now, startSuburb, coordinates) => {
      const storage = memoryStorage();
      const built = {
        studentId,
        startedAt: now.toISOString(),
        date: localDateISO(now),
        startTime: localTimeHHMM(now),
        startSuburb: startSuburb.trim(),
        coordinates,
      };
      const expected = runningDriveSchema.safeParse(built);
      if (expected.success) {
        expect(startRunningDrive(studentId, { now, startSuburb, coordinates }, storage)).toStrictEqual(expected.data);
        expect(JSON.parse(storage.items.get(runningDriveStorageKey(studentId))!)).toStrictEqual(
          JSON.parse(JSON.stringify(expected.data)),
        );
      } else {
        expect(() => startRunningDrive(studentId, { now, startSuburb, coordinates }, storage)).toThrow();
        expect(storage.items.size).toBe(0);
      }
    },
  );

  it.each(COORDINATES.map((coordinates) => [JSON.stringify(coordinates) ?? 'undefined', coordinates] as const))(
    'takes where it started as the schema does: %s',
    (_, coordinates) => {
      const storage = memoryStorage();
      const drive = startRunningDrive(7, { now: new Date('2026-03-07T17:40:12') }, storage);
      const expected = runningDriveSchema.parse({ ...drive, startSuburb: 'Norwood', coordinates });
      expect(
        setRunningDriveStart(
          7,
          { startSuburb: ' Norwood ', coordinates: coordinates as { latitude: number; longitude: number } },
          storage,
        ),
      ).toStrictEqual(expected);
      expect(readRunningDrive(7, storage)).toStrictEqual(bySchema(JSON.parse(JSON.stringify(expected))));
    },
  );
});
