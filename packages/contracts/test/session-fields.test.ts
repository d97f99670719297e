import { GENESIS_HASH, HASHED_FIELDS, HASHED_WHEN_PRESENT, sessionHash } from '@logbook/contracts/hash-chain';
import {
  drivingSessionInputSchema,
  drivingSessionSchema,
  sessionFieldsSchema,
  sessionSchemasOf,
} from '@logbook/contracts/schemas';
import { SESSION_FIELDS, SESSION_HASH, fieldsWhere } from '@logbook/contracts/session-fields';

const session = {
  id: 7,
  studentId: 3,
  date: '2026-03-01',
  startTime: '09:00',
  endTime: '10:30',
  duration: '1.5 hours',
  startSuburb: 'Glenelg',
  endSuburb: 'Norwood',
  timeOfDay: 'day',
  trafficConditions: 'light',
  roadConditions: 'dry',
  studentSignature: 'data:image/png;base64,AAA',
  supervisorName: 'Pat Lee',
  supervisorLicenseNumber: 'SA123',
  supervisorSignature: 'data:image/png;base64,BBB',
};

/** A registry with one more field, as a new field is added: one row. */
const withVehicle = {
  ...SESSION_FIELDS,
  trailerPlate: {
    label: 'Trailer plate',
    stored: 'optionalText',
    form: { kind: 'text', required: 'Trailer plate is required', max: 20, tooLong: 'Trailer plate is too long' },
    listed: true,
    printed: 'line',
    exported: true,
  },
} as const;

describe('the session field registry', () => {
  it('seals the fields of a hash in an order that never changes (every recorded hash depends on it)', () => {
    expect(HASHED_FIELDS).toEqual([
      'id',
      'studentId',
      'date',
      'startTime',
      'endTime',
      'duration',
      'startSuburb',
      'endSuburb',
      'timeOfDay',
      'trafficConditions',
      'roadConditions',
      'studentSignature',
      'supervisorName',
      'supervisorLicenseNumber',
      'supervisorSignature',
    ]);
    expect(HASHED_WHEN_PRESENT).toEqual([
      'coordinates',
      'weatherConditions',
      'supervisorIsInstructor',
      'correctionOf',
      'vehicleRegistration',
      'odometerStart',
      'odometerEnd',
      'signedAt',
      'signedRemotely',
      'supervisorLicenceState',
      'supervisorFullLicenceYear',
      'supervisorRuleNotMet',
      'loggedBy',
    ]);
    // Computed by the hand-written hash before the registry: chains recorded then must keep verifying.
    expect(sessionHash(session, GENESIS_HASH)).toBe('83d4ecbae4bbb91a08e9c77308cafc81cb0534ceb3cc29e520c9955a563b732c');
    const everything = {
      ...session,
      coordinates: { latitude: -34.921, longitude: 138.6 },
      weatherConditions: 'rain',
      supervisorIsInstructor: true,
      correctionOf: 5,
    };
    expect(sessionHash(everything, GENESIS_HASH)).toBe(
      'de1b790f74ff8f83cda0f696be0731e2c213b69272bb37271104fb35d8284bd5',
    );
    // The vehicle's details are sealed when given: changing one changes the hash.
    const withVehicle = { ...session, vehicleRegistration: 'S123ABC', odometerStart: 100, odometerEnd: 123 };
    expect(sessionHash(withVehicle, GENESIS_HASH)).not.toBe(sessionHash(session, GENESIS_HASH));
    expect(sessionHash({ ...withVehicle, odometerEnd: 124 }, GENESIS_HASH)).not.toBe(
      sessionHash(withVehicle, GENESIS_HASH),
    );
    // Who logged an entry is sealed when the entry says so; entries logged before hash as they always have.
    expect(sessionHash({ ...session, loggedBy: 'sam@example.com' }, GENESIS_HASH)).not.toBe(
      sessionHash(session, GENESIS_HASH),
    );
    expect(sessionHash({ ...session, supervisorIsInstructor: false }, 'ab'.repeat(32))).toBe(
      '70c557af0974f0cc4c27503fae6ee8e09018cb51b2d410fca3300a55c4210ce2',
    );
  });

  it('hashes registry fields only, each once', () => {
    const hashed = [...SESSION_HASH.always, ...SESSION_HASH.whenPresent];
    expect(new Set(hashed).size).toBe(hashed.length);
    for (const name of hashed) expect(Object.keys(SESSION_FIELDS)).toContain(name);
  });

  it('builds the form, request and answer schemas from the registry', () => {
    expect(Object.keys(sessionFieldsSchema.shape)).toEqual(fieldsWhere(SESSION_FIELDS, 'form'));
    // The form's fields lead the request's, so a request missing several is told about the form's first.
    const onForm = fieldsWhere(SESSION_FIELDS, 'form');
    expect(Object.keys(drivingSessionInputSchema.shape).slice(0, onForm.length)).toEqual(onForm);
    expect(Object.keys(drivingSessionInputSchema.shape)).toEqual(
      expect.arrayContaining(['studentId', 'duration', 'coordinates', 'supervisorIsInstructor', 'clientId']),
    );
    expect(Object.keys(drivingSessionSchema.shape)).toEqual(
      expect.arrayContaining([...fieldsWhere(SESSION_FIELDS, 'listed'), 'studentSignature', 'supervisorSignature']),
    );
    expect(drivingSessionInputSchema.safeParse({}).error?.issues[0].message).toBe('Date is required');
  });

  it('carries a field added to the registry into all three schemas, with no other change', () => {
    const { fields, input, answer } = sessionSchemasOf(withVehicle);
    expect(fields.shape).toHaveProperty('trailerPlate');
    expect(input.shape).toHaveProperty('trailerPlate');
    expect(answer.shape).toHaveProperty('trailerPlate');
    const missing = fields.safeParse({});
    expect(missing.error?.issues.map((i) => i.message)).toContain('Trailer plate is required');
    expect(answer.shape.trailerPlate.parse(null)).toBeNull();
    // The registry the product runs on has no such field.
    expect(sessionFieldsSchema.shape).not.toHaveProperty('trailerPlate');
  });
});
