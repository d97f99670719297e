import { COORDINATE_MESSAGES } from '@logbook/contracts/coordinates';
import { GENESIS_HASH, sessionHash } from '@logbook/contracts/hash-chain';
import { hashedContent } from '../src/chain/chain';
import { DrivingSessionModel } from '../src/sessions/model';
import { withSignatures } from '../src/sessions/signatures';
import { http, sessionBody, sessionCount, useDatabase, newFamily } from './helpers';

useDatabase();

describe('the place a session was logged', () => {
  it('keeps the coordinates rounded to about 100 m and answers them with the session and in the list', async () => {
    const { parent, student } = await newFamily();
    const res = await http()
      .post('/api/driving-sessions')
      .set('Cookie', parent.cookie)
      .send(sessionBody(student.id, { coordinates: { latitude: -34.928_649_7, longitude: 138.600_742_1 } }));
    expect(res.status).toBe(201);
    expect(res.body.coordinates).toEqual({ latitude: -34.929, longitude: 138.601 });

    const stored = await DrivingSessionModel.findById(res.body.id).lean();
    expect(stored?.coordinates).toEqual({ latitude: -34.929, longitude: 138.601 });

    const list = await http().get(`/api/driving-sessions/${student.id}`).set('Cookie', parent.cookie);
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0].coordinates).toEqual({ latitude: -34.929, longitude: 138.601 });

    const withSignatures = await http()
      .get(`/api/driving-sessions/${student.id}?include=signatures`)
      .set('Cookie', parent.cookie);
    expect(withSignatures.body[0].coordinates).toEqual({ latitude: -34.929, longitude: 138.601 });
  });

  it('rounds the edges of the globe without drifting past them', async () => {
    const { parent, student } = await newFamily();
    const res = await http()
      .post('/api/driving-sessions')
      .set('Cookie', parent.cookie)
      .send(sessionBody(student.id, { coordinates: { latitude: -90, longitude: 179.9999 } }));
    expect(res.status).toBe(201);
    expect(res.body.coordinates).toEqual({ latitude: -90, longitude: 180 });
    const nearZero = await http()
      .post('/api/driving-sessions')
      .set('Cookie', parent.cookie)
      .send(sessionBody(student.id, { coordinates: { latitude: -0.0004, longitude: 0 } }));
    expect(nearZero.status).toBe(201);
    expect(nearZero.body.coordinates).toEqual({ latitude: 0, longitude: 0 });
    expect(Object.is(nearZero.body.coordinates.latitude, -0)).toBe(false);
  });

  it('leaves coordinates out of a session logged without them', async () => {
    const { parent, student } = await newFamily();
    const res = await http().post('/api/driving-sessions').set('Cookie', parent.cookie).send(sessionBody(student.id));
    expect(res.status).toBe(201);
    expect(res.body).not.toHaveProperty('coordinates');
    const stored = await DrivingSessionModel.collection.findOne({ _id: res.body.id } as never);
    expect(stored).not.toHaveProperty('coordinates');
    const list = await http().get(`/api/driving-sessions/${student.id}`).set('Cookie', parent.cookie);
    expect(list.body[0]).not.toHaveProperty('coordinates');
  });

  const refused: [string, unknown, string][] = [
    ['text', '-34.9,138.6', COORDINATE_MESSAGES.coordinatesInvalid],
    ['null', null, COORDINATE_MESSAGES.coordinatesInvalid],
    ['an array', [-34.9, 138.6], COORDINATE_MESSAGES.coordinatesInvalid],
    ['an operator', { $gt: '' }, COORDINATE_MESSAGES.latitudeInvalid],
    ['latitude as text', { latitude: '-34.9', longitude: 138.6 }, COORDINATE_MESSAGES.latitudeInvalid],
    ['latitude as an object', { latitude: { $ne: 1 }, longitude: 138.6 }, COORDINATE_MESSAGES.latitudeInvalid],
    ['no longitude', { latitude: -34.9 }, COORDINATE_MESSAGES.longitudeInvalid],
    ['latitude past the pole', { latitude: 90.0001, longitude: 138.6 }, COORDINATE_MESSAGES.latitudeInvalid],
    ['latitude below the pole', { latitude: -91, longitude: 138.6 }, COORDINATE_MESSAGES.latitudeInvalid],
    ['longitude out of range', { latitude: -34.9, longitude: 180.5 }, COORDINATE_MESSAGES.longitudeInvalid],
    ['longitude below range', { latitude: -34.9, longitude: -181 }, COORDINATE_MESSAGES.longitudeInvalid],
  ];
  it.each(refused)('refuses %s with a 400 and logs nothing', async (_name, coordinates, message) => {
    const { parent, student } = await newFamily();
    const res = await http()
      .post('/api/driving-sessions')
      .set('Cookie', parent.cookie)
      .send(sessionBody(student.id, { coordinates }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
    expect(await sessionCount(student.id)).toBe(0);
  });

  it('refuses NaN and infinities written straight into the JSON', async () => {
    const { parent, student } = await newFamily();
    for (const raw of ['NaN', 'Infinity', '-Infinity', '1e400']) {
      const body = JSON.stringify(sessionBody(student.id, { coordinates: { latitude: 0, longitude: 0 } })).replace(
        '"latitude":0',
        `"latitude":${raw}`,
      );
      const res = await http()
        .post('/api/driving-sessions')
        .set('Cookie', parent.cookie)
        .set('Content-Type', 'application/json')
        .send(body);
      expect(res.status).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
    expect(await sessionCount(student.id)).toBe(0);
  });

  it('seals the coordinates into the hash, so changing them in the database breaks verification', async () => {
    const { parent, student } = await newFamily();
    const res = await http()
      .post('/api/driving-sessions')
      .set('Cookie', parent.cookie)
      .send(sessionBody(student.id, { coordinates: { latitude: -34.9215, longitude: 138.5998 } }));
    expect(res.status).toBe(201);
    const [stored] = await withSignatures([(await DrivingSessionModel.findById(res.body.id).lean())!]);
    const withoutPlace = { ...hashedContent(stored), coordinates: undefined };
    expect(res.body.hash).not.toBe(sessionHash(withoutPlace, GENESIS_HASH));

    const verification = () =>
      http().get(`/api/driving-sessions/${student.id}/verification`).set('Cookie', parent.cookie);
    expect((await verification()).body.intact).toBe(true);

    await DrivingSessionModel.collection.updateOne({ _id: res.body.id } as never, {
      $set: { coordinates: { latitude: -33.869, longitude: 151.209 } },
    });
    const moved = await verification();
    expect(moved.body.intact).toBe(false);
    expect(moved.body.brokenAt).toMatchObject({ entry: 1, problem: 'changed' });

    await DrivingSessionModel.collection.updateOne({ _id: res.body.id } as never, { $unset: { coordinates: '' } });
    expect((await verification()).body.intact).toBe(false);

    // Put back as they were logged, the log checks out again.
    expect(stored?.coordinates).toEqual(res.body.coordinates);
    await DrivingSessionModel.collection.updateOne({ _id: res.body.id } as never, {
      $set: { coordinates: res.body.coordinates },
    });
    expect((await verification()).body.intact).toBe(true);
  });

  it('hashes a session without coordinates exactly as before coordinates existed', async () => {
    const { parent, student } = await newFamily();
    const res = await http().post('/api/driving-sessions').set('Cookie', parent.cookie).send(sessionBody(student.id));
    expect(res.status).toBe(201);
    const [stored] = await withSignatures([(await DrivingSessionModel.findById(res.body.id).lean())!]);
    const content = hashedContent(stored);
    expect(content).not.toHaveProperty('coordinates');
    expect(res.body.hash).toBe(sessionHash(content, GENESIS_HASH));
  });
});
