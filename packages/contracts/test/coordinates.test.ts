import { COORDINATE_MESSAGES, roundCoordinates } from '@logbook/contracts/coordinates';
import { GENESIS_HASH, sessionHash, type HashedSession } from '@logbook/contracts/hash-chain';
import { coordinatesSchema, drivingSessionInputSchema } from '@logbook/contracts/schemas';
import { readStoredDraft } from '@logbook/session-device/drafts';

const session: HashedSession = {
  id: 7,
  studentId: 3,
  date: '2026-01-15',
  startTime: '21:00',
  endTime: '22:00',
  duration: '1.0 hours',
  startSuburb: 'Norwood',
  endSuburb: 'Glenelg',
  timeOfDay: 'night',
  trafficConditions: 'light',
  roadConditions: 'sealed',
  studentSignature: 'data:image/png;base64,AAAA',
  supervisorName: 'Pat',
  supervisorLicenseNumber: 'SA1',
  supervisorSignature: 'data:image/png;base64,BBBB',
};

describe('session coordinates', () => {
  it('rounds to three decimals (about 100 m) and never to -0', () => {
    expect(roundCoordinates({ latitude: -34.928_649_7, longitude: 138.600_742_1 })).toEqual({
      latitude: -34.929,
      longitude: 138.601,
    });
    const nearZero = roundCoordinates({ latitude: -0.0001, longitude: -0.0004 });
    expect(Object.is(nearZero.latitude, 0)).toBe(true);
    expect(Object.is(nearZero.longitude, 0)).toBe(true);
  });

  it('accepts numbers in range and refuses anything else with a clear message', () => {
    expect(coordinatesSchema.parse({ latitude: -90, longitude: 180 })).toEqual({ latitude: -90, longitude: 180 });
    const message = (value: unknown) => {
      const r = coordinatesSchema.safeParse(value);
      return r.success ? 'accepted' : r.error.issues[0].message;
    };
    expect(message('-34.9,138.6')).toBe(COORDINATE_MESSAGES.coordinatesInvalid);
    expect(message(null)).toBe(COORDINATE_MESSAGES.coordinatesInvalid);
    expect(message({ latitude: '1', longitude: 2 })).toBe(COORDINATE_MESSAGES.latitudeInvalid);
    expect(message({ latitude: Number.NaN, longitude: 2 })).toBe(COORDINATE_MESSAGES.latitudeInvalid);
    expect(message({ latitude: 1, longitude: Number.POSITIVE_INFINITY })).toBe(COORDINATE_MESSAGES.longitudeInvalid);
    expect(message({ latitude: 90.5, longitude: 2 })).toBe(COORDINATE_MESSAGES.latitudeInvalid);
    expect(message({ latitude: 1, longitude: -180.01 })).toBe(COORDINATE_MESSAGES.longitudeInvalid);
  });

  it('is optional on a session and on a draft, and a damaged draft position is dropped, not the draft', () => {
    expect(drivingSessionInputSchema.shape.coordinates.safeParse(undefined).success).toBe(true);
    const draft = readStoredDraft({
      id: 'd1',
      studentId: 1,
      lastSaved: '2026-01-01T00:00:00Z',
      coordinates: { latitude: 'far', longitude: 1 },
    });
    expect(draft).toBeDefined();
    expect(draft?.coordinates).toBeUndefined();
    expect(
      readStoredDraft({
        id: 'd2',
        studentId: 1,
        lastSaved: '2026-01-01T00:00:00Z',
        coordinates: { latitude: -34.9, longitude: 138.6 },
      })?.coordinates,
    ).toEqual({ latitude: -34.9, longitude: 138.6 });
  });

  it('leaves the hash of a session without coordinates exactly as it was, and seals coordinates when present', () => {
    // Computed before coordinates existed: chains logged then must keep verifying.
    expect(sessionHash(session, GENESIS_HASH)).toBe('f1392fbffccc950309a2f5cf361f5f59ad51052cb89862a0e06c302893424e1c');
    const here = sessionHash({ ...session, coordinates: { latitude: -34.921, longitude: 138.6 } }, GENESIS_HASH);
    const there = sessionHash({ ...session, coordinates: { latitude: -34.921, longitude: 138.601 } }, GENESIS_HASH);
    expect(here).not.toBe(sessionHash(session, GENESIS_HASH));
    expect(here).not.toBe(there);
  });
});
