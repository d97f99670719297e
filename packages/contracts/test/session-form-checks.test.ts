import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { VALIDATION } from '@logbook/contracts/messages';
import { fieldErrors, sessionFieldsSchema } from '@logbook/contracts/schemas';
import { SESSION_FIELD_PLACES, fieldsWhere } from '@logbook/contracts/session-field-places';
import { sessionFormProblems } from '@logbook/contracts/session-form-checks';

/** The form's fields, as the registry lists them. */
const SESSION_FORM_FIELDS = fieldsWhere(SESSION_FIELD_PLACES, 'form');

/** What the session's form schema says of a form: field → its first message. */
const zodReference = (values: unknown): Record<string, string> => {
  const parsed = sessionFieldsSchema.safeParse(values);
  return parsed.success ? {} : fieldErrors(parsed.error);
};

const PNG = 'data:image/png;base64,iVBORw0KGgo=';
const form: Record<string, unknown> = {
  date: '2026-03-07',
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
  vehicleRegistration: 'S123ABC',
  odometerStart: '12345',
  odometerEnd: '12400',
};

/** Stands for a field left out of the form altogether. */
const MISSING = Symbol('missing');

class Plate {
  constructor(readonly text: string) {}
}

/** Values that are not text. */
const NOT_TEXT: unknown[] = [
  undefined,
  null,
  0,
  1,
  -1,
  12,
  12.5,
  NaN,
  Infinity,
  -Infinity,
  true,
  false,
  10n,
  Symbol('day'),
  () => 'day',
  [],
  ['day'],
  [''],
  {},
  { length: 3 },
  { toString: () => 'day' },
  new Date('2026-03-07'),
  new String('day'),
  new Plate('S123ABC'),
  Object.create(null),
  /day/,
];

const a = (n: number) => 'a'.repeat(n);
const EMOJI = '\u{1F600}';

/** Text: blank and hidden characters, lengths about each limit, dates, times, choices, signatures and readings. */
const TEXT: string[] = [
  '',
  ' ',
  '   ',
  '\t',
  '\n',
  '\r\n',
  '\u00a0',
  '\u3000',
  '\ufeff',
  '\u2028',
  '\u2029',
  '\u200b',
  '\u180e',
  '\u0085',
  '\u3164',
  'x',
  ' x ',
  '\tx\n',
  'x\u200b',
  '\u200bx',
  'a\u0000b',
  'a\nb',
  'a\rb',
  'a\u202eb',
  'a\u2066b\u2069',
  'a\u00adb',
  'a\u2028b',
  'a\ue000b',
  'a\ud800b',
  '\ud800',
  'a\u115fb',
  'a\uffa0b',
  ' a\u200b ',
  'Glenelg',
  'Mount Barker',
  'Ōtautahi',
  'Wagga Wagga\u0301',
  'שלום',
  'مرحبا',
  EMOJI,
  EMOJI.repeat(25),
  EMOJI.repeat(26),
  EMOJI.repeat(50),
  EMOJI.repeat(51),
  EMOJI.repeat(60),
  EMOJI.repeat(61),
  `${EMOJI.repeat(50)}\ud800`,
  `\udc00${EMOJI.repeat(50)}`,
  `${a(6)}${EMOJI.repeat(6)}`,
  `${a(6)}${EMOJI.repeat(7)}`,
  '\ud83d'.repeat(101),
  '\ude00\ud83d'.repeat(60),
  a(6),
  a(12),
  a(13),
  ` ${a(12)} `,
  `\u00a0${a(12)}\u00a0`,
  a(49),
  a(50),
  a(51),
  ` ${a(50)} `,
  a(99),
  a(100),
  a(101),
  `  ${a(100)}  `,
  `\n${a(100)}\n`,
  a(119),
  a(120),
  a(121),
  ` ${a(120)} `,
  a(500),
  `${a(101)}\u200b`,
  `${a(121)}\u200b`,
  `\u200b${a(51)}`,
  `${a(49)}\u202e`,
  `${a(119)}\u0000`,
  // Dates.
  '2026-03-07',
  ' 2026-03-07 ',
  '\t2026-03-07\n',
  '\u00a02026-03-07',
  '\ufeff2026-03-07',
  '\u200b2026-03-07',
  '2026-03-07\u200b',
  '2026-02-28',
  '2026-02-29',
  '2024-02-29',
  '2026-02-30',
  '2026-04-31',
  '2026-13-01',
  '2026-00-10',
  '2026-01-00',
  '2026-1-1',
  '2026-01-1',
  '26-01-01',
  '1899-12-31',
  '1900-01-01',
  '2999-12-31',
  '3000-01-01',
  '2026/03/07',
  '07/03/2026',
  '2026-03-07T09:00',
  '2026-03-07 ',
  '２０２６-03-07',
  '2026-03-07\n2026-03-08',
  // Times.
  '09:00',
  '9:00',
  '00:00',
  '23:59',
  '24:00',
  '23:60',
  '12:5',
  ' 09:00 ',
  '\n10:30\n',
  '09:00:00',
  '0900',
  '09.00',
  '9am',
  '０９:００',
  // Choices, in and out of case.
  'day',
  'Day',
  'DAY',
  ' day',
  'day ',
  'night',
  'Night',
  'light',
  'medium',
  'heavy',
  'Heavy',
  'sealed',
  'unsealed',
  'quiet-streets',
  'Quiet streets',
  'quiet streets',
  'busy-road',
  'multi-laned',
  'Multi-laned',
  'clear',
  'overcast',
  'rain',
  'fog',
  'Fog',
  'snow',
  'constructor',
  '__proto__',
  // Signatures.
  PNG,
  'data:image/png;base64,',
  'data:image/png;base64',
  ' data:image/png;base64,iVBOR',
  'data:image/png;base64,iVBOR ',
  'DATA:image/png;base64,iVBOR',
  'data:image/jpeg;base64,/9j/',
  'data:image/svg+xml;base64,PHN2Zz4=',
  `data:image/png;base64,${a(5000)}`,
  'iVBORw0KGgo=',
  // Odometer readings and number plates.
  '0',
  '00',
  '42',
  ' 42 ',
  '\u00a042\u00a0',
  '\u200b42',
  '0012',
  '12.5',
  '12,345',
  '12 345',
  '-1',
  '+1',
  '1e3',
  '0x10',
  '1234567',
  '9999999',
  '12345678',
  ' 1234567 ',
  '٣',
  '１２',
  'S123ABC',
  's123abc',
  ' S123 ABC ',
  '123 ABC',
  'ABC-123',
];

/** Every value a field is tried with, labelled for the report of a difference. */
const VALUES: Array<[string, unknown]> = [
  ['missing', MISSING],
  ...NOT_TEXT.map((value): [string, unknown] => [labelOf(value), value]),
  ...TEXT.map((value): [string, unknown] => [
    JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value),
    value,
  ]),
];

function labelOf(value: unknown): string {
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'symbol' || typeof value === 'function') return String(value);
  if (value === undefined || Number.isNaN(value) || value === Infinity || value === -Infinity) return String(value);
  if (value instanceof Date || value instanceof RegExp || value instanceof Plate || value instanceof String) {
    return `${value.constructor.name}(${String(value)})`;
  }
  if (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === null)
    return 'Object.create(null)';
  return JSON.stringify(value);
}

/** `base` with `field` set to `value` (or left out). */
function withField(base: Record<string, unknown>, field: string, value: unknown): Record<string, unknown> {
  const values = { ...base };
  if (value === MISSING) delete values[field];
  else values[field] = value;
  return values;
}

/** A small seeded generator, so a difference found once is found again. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return (n: number) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % n;
  };
}

interface Difference {
  form: string;
  checks: Record<string, string>;
  schema: Record<string, string>;
}

/** The forms where the checks and the schema disagree (none, expected). */
function differences(cases: Array<[string, Record<string, unknown>]>): Difference[] {
  const found: Difference[] = [];
  for (const [name, values] of cases) {
    const checks = sessionFormProblems(values) as Record<string, string>;
    const schema = zodReference(values);
    if (!equal(checks, schema)) found.push({ form: name, checks, schema });
  }
  return found;
}

const equal = (x: Record<string, string>, y: Record<string, string>) =>
  Object.keys(x).length === Object.keys(y).length && Object.keys(x).every((key) => x[key] === y[key]);

describe('the session form checks', () => {
  it('are made for the fields of the form schema, in its order', () => {
    expect(SESSION_FORM_FIELDS).toEqual(Object.keys(sessionFieldsSchema.shape));
  });

  it('say of every field what the form schema says, whatever the field holds', () => {
    const cases: Array<[string, Record<string, unknown>]> = [];
    for (const field of SESSION_FORM_FIELDS) {
      for (const [label, value] of VALUES) {
        cases.push([`${field}: ${label}`, withField(form, field, value)]);
        cases.push([`${field}: ${label}, in an empty form`, withField({}, field, value)]);
      }
    }
    expect(cases.length).toBeGreaterThan(6000);
    expect(differences(cases)).toEqual([]);
  });

  it('say what the form schema says of forms with many fields wrong at once', () => {
    const pick = seeded(20260307);
    const cases: Array<[string, Record<string, unknown>]> = [];
    for (let n = 0; n < 5000; n++) {
      let values: Record<string, unknown> = pick(2) ? { ...form } : {};
      const labels: string[] = [];
      for (const field of SESSION_FORM_FIELDS) {
        if (pick(3) === 0) continue; // kept as it is
        const [label, value] = VALUES[pick(VALUES.length)];
        values = withField(values, field, value);
        labels.push(`${field}: ${label}`);
      }
      cases.push([labels.join('; ') || 'unchanged', values]);
    }
    expect(differences(cases)).toEqual([]);
  });

  it('say what the form schema says of whole forms: empty, all wrong, with more fields, of other kinds', () => {
    const everyField = (value: unknown) => Object.fromEntries(SESSION_FORM_FIELDS.map((field) => [field, value]));
    const cases: Array<[string, Record<string, unknown>]> = [
      ['the valid form', form],
      ['empty', {}],
      ['the valid form, with fields the form does not have', { ...form, studentId: 7, duration: '1h 30m', x: {} }],
      [
        'the valid form as JSON with a __proto__ key',
        JSON.parse(`{"__proto__": {"date": 1}, ${JSON.stringify(form).slice(1)}`),
      ],
      ['the valid form, inherited', Object.create(form) as Record<string, unknown>],
      ['the valid form, without a prototype', Object.assign(Object.create(null), form) as Record<string, unknown>],
      ['a date', new Date() as unknown as Record<string, unknown>],
      ['a map of the valid form', new Map(Object.entries(form)) as unknown as Record<string, unknown>],
      ['optional fields blank', { ...form, vehicleRegistration: '', odometerStart: '', odometerEnd: '  ' }],
      ['optional fields undefined', { ...form, vehicleRegistration: undefined, odometerStart: undefined }],
      [
        'optional fields left out',
        withField(
          withField(withField(form, 'vehicleRegistration', MISSING), 'odometerStart', MISSING),
          'odometerEnd',
          MISSING,
        ),
      ],
    ];
    for (const [label, value] of VALUES) cases.push([`every field ${label}`, everyField(value)]);
    expect(differences(cases)).toEqual([]);
  });

  it('find nothing wrong with a complete form', () => {
    expect(sessionFormProblems(form)).toEqual({});
    expect(sessionFormProblems({ ...form, vehicleRegistration: ' ', odometerStart: '', odometerEnd: '0' })).toEqual({});
  });

  it('name each field the form has, in the form’s order, and only those', () => {
    const wrong = Object.fromEntries(SESSION_FORM_FIELDS.map((field) => [field, 42]));
    expect(Object.keys(sessionFormProblems({ ...wrong, studentId: 'x', duration: 42 }))).toEqual([
      ...SESSION_FORM_FIELDS,
    ]);
  });

  it('refuse something that is not a form at all, as a form with nothing filled in', () => {
    const nothing = sessionFormProblems({});
    expect(nothing).toMatchObject({
      date: VALIDATION.dateRequired,
      startSuburb: VALIDATION.startSuburbRequired,
      supervisorSignature: VALIDATION.supervisorSignatureRequired,
    });
    for (const notAForm of [null, undefined, [], [form], 'form', 42, true]) {
      // The schema refuses these as a whole, naming no field.
      expect(Object.keys(zodReference(notAForm))).toEqual(['_form']);
      expect(sessionFormProblems(notAForm as unknown as Record<string, unknown>)).toEqual(nothing);
    }
  });
});

describe('the session form checks module', () => {
  const source = (name: string) => readFileSync(join(__dirname, '../src', `${name}.ts`), 'utf8');
  /** The modules (and packages) a module loads when it runs: every import or re-export but those of types only. */
  const loads = (text: string) =>
    [...text.matchAll(/^(?:import|export)\s+(type\s+)?(?:[^;]*?\sfrom\s+)?'([^']+)';/gm)]
      .filter(([, typeOnly]) => !typeOnly)
      .map(([, , from]) => from);

  it('loads no validation library, nor any module that does', () => {
    const seen = new Set<string>();
    const visit = (name: string) => {
      if (seen.has(name)) return;
      seen.add(name);
      for (const from of loads(source(name))) {
        expect(from).toMatch(/^\.\//);
        visit(from.slice(2));
      }
    };
    visit('session-form-checks');
    expect([...seen].sort()).toEqual([
      'constants',
      'dates',
      'messages',
      'session-field-places',
      'session-form-checks',
      'visible-text',
    ]);
    expect(source('session-form-checks')).not.toMatch(/^import (?!type )[^;]*'zod'/m);
  });

  it('runs with the validation library out of reach', async () => {
    await jest.isolateModulesAsync(async () => {
      jest.doMock('zod', () => {
        throw new Error('the validation library was loaded');
      });
      const checks = await import('../src/session-form-checks');
      expect(checks.sessionFormProblems({ ...form, date: '2026-02-30' })).toEqual({ date: VALIDATION.dateInvalid });
    });
  });
});
