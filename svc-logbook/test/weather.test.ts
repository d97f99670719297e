import { VALIDATION } from '@logbook/contracts/messages';
import { sessionHash } from '@logbook/contracts/hash-chain';
import { drivingSessionInputSchema, fieldErrors, sessionFieldsSchema } from '@logbook/contracts/schemas';
import { hashedContent } from '../src/chain/chain';
import { createHash } from 'node:crypto';
import { nextId } from '@logbook/service-kit/counters';
import { GENESIS_HASH } from '@logbook/contracts/hash-chain';
import { DrivingSessionModel } from '../src/sessions/model';
import { http, SIGNATURE, sessionBody, useDatabase, newFamily } from './helpers';

/** The fields a session's hash covered before the weather and the instructor were asked, in their order. */
const LEGACY_FIELDS = [
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
];

useDatabase();

const verify = (studentId: number, cookie: string) =>
  http().get(`/api/driving-sessions/${studentId}/verification`).set('Cookie', cookie);

describe('weather conditions', () => {
  it('are required by the session form and optional at the API', () => {
    const { studentId: _s, duration: _d, clientId: _c, ...form } = sessionBody(1);
    const missing = sessionFieldsSchema.safeParse(form);
    expect(missing.success).toBe(false);
    expect(fieldErrors(missing.error!).weatherConditions).toBe(VALIDATION.weatherRequired);
    const wrong = sessionFieldsSchema.safeParse({ ...form, weatherConditions: 'snow' });
    expect(fieldErrors(wrong.error!).weatherConditions).toBe(VALIDATION.weatherRequired);
    expect(sessionFieldsSchema.safeParse({ ...form, weatherConditions: 'fog' }).success).toBe(true);

    expect(drivingSessionInputSchema.safeParse(sessionBody(1)).success).toBe(true);
    expect(drivingSessionInputSchema.safeParse(sessionBody(1, { weatherConditions: null })).success).toBe(true);
    expect(drivingSessionInputSchema.safeParse(sessionBody(1, { weatherConditions: 'snow' })).success).toBe(false);
  });

  it('are stored and answered, and "not recorded" (null) when a client sends none', async () => {
    const { parent, student } = await newFamily();
    const rain = await http()
      .post('/api/driving-sessions')
      .set('Cookie', parent.cookie)
      .send(sessionBody(student.id, { weatherConditions: 'rain' }));
    expect(rain.status).toBe(201);
    expect(rain.body.weatherConditions).toBe('rain');
    const none = await http().post('/api/driving-sessions').set('Cookie', parent.cookie).send(sessionBody(student.id));
    expect(none.status).toBe(201);
    expect(none.body.weatherConditions).toBeNull();

    const list = await http().get(`/api/driving-sessions/${student.id}`).set('Cookie', parent.cookie);
    const weatherById = Object.fromEntries(
      list.body.map((s: { id: number; weatherConditions: unknown }) => [s.id, s.weatherConditions]),
    );
    expect(weatherById).toEqual({ [rain.body.id]: 'rain', [none.body.id]: null });
  });

  it.each([['snow'], [{ $ne: 'rain' }], [7]])('refuses %p as the weather and stores nothing', async (weather) => {
    const { parent, student } = await newFamily();
    const res = await http()
      .post('/api/driving-sessions')
      .set('Cookie', parent.cookie)
      .send(sessionBody(student.id, { weatherConditions: weather }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: VALIDATION.weatherRequired });
    expect(await DrivingSessionModel.countDocuments({ studentId: student.id })).toBe(0);
  });

  it('is sealed into the hash: changing it afterwards breaks the chain', async () => {
    const { parent, student } = await newFamily();
    const res = await http()
      .post('/api/driving-sessions')
      .set('Cookie', parent.cookie)
      .send(sessionBody(student.id, { weatherConditions: 'clear' }));
    expect((await verify(student.id, parent.cookie)).body.intact).toBe(true);
    await DrivingSessionModel.updateOne({ _id: res.body.id }, { $set: { weatherConditions: 'fog' } });
    const after = await verify(student.id, parent.cookie);
    expect(after.body.intact).toBe(false);
    expect(after.body.brokenAt).toMatchObject({ entry: 1, problem: 'changed' });
  });

  it('keeps the hashes of sessions logged before the weather was asked verifying, next to new ones', async () => {
    const { parent, student } = await newFamily();
    // A session as it was stored before the weather was asked, hashed as sessions were then (no weather, no
    // instructor field): the hash is computed here the old way, not by the code under test.
    const {
      studentId: _s,
      clientId,
      timeOfDay,
      ...fields
    } = sessionBody(student.id, { startTime: '07:00', endTime: '08:00' });
    const legacy = { _id: await nextId('driving_sessions'), studentId: student.id, ...fields, timeOfDay, clientId };
    const oldContent = LEGACY_FIELDS.map((f) => [
      f,
      String(f === 'id' ? legacy._id : legacy[f as keyof typeof legacy]),
    ]);
    const oldHash = createHash('sha256')
      .update(JSON.stringify({ previousHash: GENESIS_HASH, content: oldContent }))
      .digest('hex');
    await DrivingSessionModel.collection.insertOne({
      ...legacy,
      previousHash: GENESIS_HASH,
      hash: oldHash,
      createdAt: new Date(),
    } as never);

    const fresh = await http()
      .post('/api/driving-sessions')
      .set('Cookie', parent.cookie)
      .send(sessionBody(student.id, { weatherConditions: 'overcast', supervisorIsInstructor: true }));
    expect(fresh.status).toBe(201);
    const freshDoc = await DrivingSessionModel.findById(fresh.body.id).lean();
    expect(freshDoc).toMatchObject({
      previousHash: oldHash,
      weatherConditions: 'overcast',
      supervisorIsInstructor: true,
    });

    const report = await verify(student.id, parent.cookie);
    expect(report.body).toMatchObject({ intact: true, sessionCount: 2, correctionCount: 0, removalCount: 0 });
    // The new fields are sealed: the new session's hash is not the hash it would have without them.
    const withSignatures = { ...freshDoc!, studentSignature: SIGNATURE, supervisorSignature: SIGNATURE };
    const { weatherConditions: _w, supervisorIsInstructor: _i, ...without } = hashedContent(withSignatures);
    expect(sessionHash(hashedContent(withSignatures), oldHash)).toBe(freshDoc!.hash);
    expect(sessionHash(without, oldHash)).not.toBe(freshDoc!.hash);
  });
});

describe('weather in the pace-and-coverage insights', () => {
  it('counts each weather and names those not yet practised', async () => {
    const { parent, student } = await newFamily();
    for (const [weatherConditions, startTime, endTime] of [
      ['clear', '08:00', '09:00'],
      ['rain', '10:00', '11:00'],
      [undefined, '12:00', '13:00'],
    ] as const) {
      const res = await http()
        .post('/api/driving-sessions')
        .set('Cookie', parent.cookie)
        .send(sessionBody(student.id, { startTime, endTime, ...(weatherConditions ? { weatherConditions } : {}) }));
      expect(res.status).toBe(201);
    }
    const res = await http()
      .get(`/api/driving-sessions/${student.id}/insights?today=2026-03-10`)
      .set('Cookie', parent.cookie);
    expect(res.status).toBe(200);
    expect(res.body.counts.weather).toEqual({ clear: 1, overcast: 0, rain: 1, fog: 0 });
    expect(res.body.notPractised).toEqual(expect.arrayContaining(['overcast weather', 'fog']));
    expect(res.body.notPractised).not.toContain('rain');
    expect(res.body.notPractisedText).toMatch(/^Not yet practised: .*overcast weather, fog$/);
  });
});
