import { z } from 'zod';
import { formDraftStorageKey } from '@logbook/contracts/constants';
import { sessionFieldsSchema } from '@logbook/contracts/schemas';
import { coordinatesSchema, studentIdSchema } from '@logbook/contracts/session-fields';
import { DRAFT_FIELDS, readFormDraft, readStoredDraft, type DraftStorage } from '../src/drafts';

/*
 * The reader of the drafts kept on this device, held to the schema of the student, position and form fields the
 * contracts give: a draft the schema reads, the reader reads the same, and one it refuses, the reader refuses.
 */

const OLD_NAMES: ReadonlyArray<readonly [string, string]> = [
  ['sessionDate', 'date'],
  ['startLocation', 'startSuburb'],
  ['endLocation', 'endSuburb'],
  ['lightConditions', 'timeOfDay'],
  ['supervisorLicense', 'supervisorLicenseNumber'],
];

function withSessionNames(entry: unknown): unknown {
  if (!entry || typeof entry !== 'object' || Array.isArray(entry)) return entry;
  const renamed: Record<string, unknown> = { ...entry };
  for (const [oldName, name] of OLD_NAMES) {
    if (!(oldName in renamed)) continue;
    if (renamed[name] === undefined) renamed[name] = renamed[oldName];
    delete renamed[oldName];
  }
  return renamed;
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

const storedCoordinatesSchema = coordinatesSchema
  .transform(({ latitude, longitude }) => ({ latitude: round3(latitude), longitude: round3(longitude) }))
  .optional()
  .catch(undefined);

const fieldText = z.string().catch('');

const formFields = Object.keys(sessionFieldsSchema.shape);

const storedDraftSchema = z.preprocess(
  withSessionNames,
  z.object({
    id: z.string(),
    studentId: studentIdSchema,
    studentName: fieldText.default(''),
    ...Object.fromEntries(formFields.map((field) => [field, fieldText.default('')])),
    lastSaved: z.string(),
    serverMessage: z.string().optional().catch(undefined),
    clientId: z.string().optional().catch(undefined),
    coordinates: storedCoordinatesSchema,
  }),
);

/** What the schema makes of a stored entry: the draft, or undefined when it refuses it. */
const bySchema = (entry: unknown) => {
  const parsed = storedDraftSchema.safeParse(entry);
  return parsed.success ? parsed.data : undefined;
};

/** The entry as it comes back from storage, when it can be stored at all. */
const throughStorage = (entry: unknown): unknown[] => {
  const json = JSON.stringify(entry);
  return json === undefined ? [] : [JSON.parse(json)];
};

/** Values a damaged or foreign entry might hold in any field. */
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
  ['true', true],
  ['false', false],
  ['an empty object', {}],
  ['an object', { value: 'Norwood' }],
  ['an empty list', []],
  ['a list', ['Norwood']],
  ['a date object', new Date('2026-03-07T10:45:00Z')],
];

const STUDENT_IDS: ReadonlyArray<unknown> = [
  7,
  1,
  '7',
  '1',
  '07',
  '0',
  '-1',
  '+7',
  '1e3',
  '7.0',
  '7.5',
  ' 7',
  '7 ',
  '7\n',
  '0x1F',
  '１',
  '123456789012345',
  '1234567890123456',
  '9007199254740991',
  '9007199254740993',
  '9999999999999999',
  '12345678901234567',
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 1,
  2 ** 53,
  1e21,
  0,
  -0,
  -1,
  -7,
  1.5,
  7.0000001,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  Number.MIN_VALUE,
  null,
  undefined,
  true,
  {},
  [],
  [7],
  ['7'],
  { id: 7 },
];

const COORDINATES: ReadonlyArray<unknown> = [
  { latitude: -34.92866, longitude: 138.59863 },
  { latitude: -34.9285, longitude: 138.5985 },
  { latitude: -34.9295, longitude: 138.5995 },
  { latitude: 0, longitude: 0 },
  { latitude: -0, longitude: -0 },
  { latitude: -0.0004, longitude: -0.0001 },
  { latitude: 0.0005, longitude: -0.0005 },
  { latitude: 90, longitude: 180 },
  { latitude: -90, longitude: -180 },
  { latitude: 90.0001, longitude: 0 },
  { latitude: -90.0001, longitude: 0 },
  { latitude: 0, longitude: 180.0001 },
  { latitude: 0, longitude: -180.0001 },
  { latitude: 89.9996, longitude: 179.9996 },
  { latitude: Number.NaN, longitude: 1 },
  { latitude: 1, longitude: Number.NaN },
  { latitude: Number.POSITIVE_INFINITY, longitude: 1 },
  { latitude: 1, longitude: Number.NEGATIVE_INFINITY },
  { latitude: Number.MIN_VALUE, longitude: -Number.MIN_VALUE },
  { latitude: '-34.9', longitude: 138.6 },
  { latitude: -34.9, longitude: '138.6' },
  { latitude: null, longitude: 138.6 },
  { latitude: -34.9 },
  { longitude: 138.6 },
  { latitude: -34.9, longitude: 138.6, accuracy: 12, placeName: 'Adelaide' },
  { lat: -34.9, lng: 138.6 },
  Object.assign(Object.create({ latitude: 10 }), { longitude: 20 }),
  [-34.9, 138.6],
  '-34.9,138.6',
  -34.9,
  null,
  undefined,
  true,
  {},
  [],
];

const FULL = {
  id: 'draft-1',
  studentId: 7,
  studentName: 'Sam Learner',
  date: '2026-03-07',
  startTime: '09:00',
  endTime: '10:30',
  startSuburb: 'Norwood',
  endSuburb: 'Glenelg',
  timeOfDay: 'day',
  trafficConditions: 'light',
  roadConditions: 'sealed',
  weatherConditions: 'dry',
  studentSignature: 'data:image/png;base64,AAAA',
  supervisorName: 'Pat Driver',
  supervisorLicenseNumber: 'SA12345',
  supervisorSignature: 'data:image/png;base64,BBBB',
  vehicleRegistration: 'S123ABC',
  odometerStart: '12034',
  odometerEnd: '12071',
  lastSaved: '2026-03-07T10:45:00.000Z',
  serverMessage: 'The date is after today.',
  clientId: '0d6f3f52-6c55-4f39-9b57-4f1d9a7b9e10',
  coordinates: { latitude: -34.92866, longitude: 138.59863 },
};

const MINIMAL = { id: 'draft-2', studentId: 7, lastSaved: '2026-03-07T10:45:00.000Z' };

const withField = (base: object, key: string, value: unknown) => ({ ...base, [key]: value });
const withoutField = (base: Record<string, unknown>, key: string) => {
  const copy = { ...base };
  delete copy[key];
  return copy;
};

const KEYS = Object.keys(FULL);
const OLD_KEYS = OLD_NAMES.map(([oldName]) => oldName);

const CASES: Array<readonly [string, unknown]> = [
  ['a full draft', FULL],
  ['a draft with only its id, student and save time', MINIMAL],
  ...([FULL, MINIMAL] as Array<Record<string, unknown>>).flatMap((base) => {
    const which = base === FULL ? 'full' : 'minimal';
    return [
      ...KEYS.map((key) => [`${which}, without ${key}`, withoutField(base, key)] as const),
      ...[...KEYS, ...OLD_KEYS, 'extra', 'isDraft', 'draftId', 'placeName'].flatMap((key) =>
        ODD_VALUES.map(([name, value]) => [`${which}, ${key} ${name}`, withField(base, key, value)] as const),
      ),
      ...STUDENT_IDS.map((id) => [`${which}, studentId ${String(id)}`, withField(base, 'studentId', id)] as const),
      ...COORDINATES.map(
        (coordinates) =>
          [
            `${which}, coordinates ${JSON.stringify(coordinates)}`,
            withField(base, 'coordinates', coordinates),
          ] as const,
      ),
    ];
  }),
  [
    'the old names',
    {
      id: 'draft-old',
      studentId: '7',
      sessionDate: '2026-02-01',
      startLocation: 'Norwood',
      endLocation: 'Glenelg',
      lightConditions: 'night',
      supervisorLicense: 'SA12345',
      lastSaved: '2026-02-01T09:00:00Z',
    },
  ],
  ['an old name beside its new one', { ...MINIMAL, sessionDate: '2026-02-01', date: '2026-02-02' }],
  ['an old name beside its new one left undefined', { ...MINIMAL, sessionDate: '2026-02-01', date: undefined }],
  ['an old name beside its new one left null', { ...MINIMAL, sessionDate: '2026-02-01', date: null }],
  ['an old name beside its new one left empty', { ...MINIMAL, startLocation: 'Norwood', startSuburb: '' }],
  ['an old name holding a number', { ...MINIMAL, sessionDate: 20260201 }],
  ['an old name left undefined', { ...MINIMAL, sessionDate: undefined }],
  ['an old name for a field that is gone', { ...MINIMAL, supervisorLicence: 'SA1' }],
  ['inherited fields', Object.assign(Object.create({ clientId: 'inherited', date: '2026-01-01' }), MINIMAL)],
  ['no prototype', Object.assign(Object.create(null), FULL)],
  [
    'a __proto__ key',
    JSON.parse(`{"__proto__": {"clientId": "x", "date": "2026-01-01"}, ${JSON.stringify(MINIMAL).slice(1)}`),
  ],
  ['a symbol key', { ...MINIMAL, [Symbol('extra')]: 'x' }],
  [
    'a new draft as the form saves it',
    { ...FULL, serverMessage: undefined, clientId: undefined, coordinates: undefined },
  ],
  ['null', null],
  ['undefined', undefined],
  ['text', 'draft-1'],
  ['a number', 7],
  ['true', true],
  ['an empty object', {}],
  ['an empty list', []],
  ['a list holding a draft', [FULL]],
  ['a function', () => FULL],
  ['a date object', new Date('2026-03-07T10:45:00Z')],
];

describe('a draft read back from the device', () => {
  it('lists the form fields the schema does, in its order', () => {
    expect(DRAFT_FIELDS).toEqual(formFields);
  });

  it.each(CASES)('is read as the schema reads it: %s', (_, entry) => {
    for (const stored of [entry, ...throughStorage(entry)]) {
      const expected = bySchema(stored);
      const read = readStoredDraft(stored);
      expect(read).toStrictEqual(expected);
      if (read && expected) expect(Object.keys(read)).toEqual(Object.keys(expected));
    }
  });

  it('accepts and refuses as many entries as the table means it to', () => {
    const read = CASES.filter(([, entry]) => bySchema(entry) !== undefined).length;
    // The table holds both kinds in number, so the comparison above means something either way.
    expect(read).toBeGreaterThan(200);
    expect(CASES.length - read).toBeGreaterThan(100);
  });

  it.each(COORDINATES.map((coordinates) => [JSON.stringify(coordinates) ?? 'undefined', coordinates] as const))(
    "reads the form copy's position as the schema does: %s",
    (_, coordinates) => {
      const items = new Map<string, string>();
      const storage: DraftStorage = {
        getItem: (key) => items.get(key) ?? null,
        setItem: (key, value) => void items.set(key, value),
        removeItem: (key) => void items.delete(key),
      };
      items.set(formDraftStorageKey(7), JSON.stringify({ isDraft: true, coordinates }));
      const stored = (JSON.parse(items.get(formDraftStorageKey(7))!) as { coordinates?: unknown }).coordinates;
      expect(readFormDraft(7, storage)?.coordinates).toStrictEqual(storedCoordinatesSchema.parse(stored));
    },
  );
});
