import { VALIDATION } from '@logbook/contracts/messages';
import {
  cookieFor,
  fetchPdf,
  http,
  insertStudent,
  newParent,
  pdfTextOf,
  sessionBody,
  sessionCount,
  useDatabase,
} from './helpers';

useDatabase();

describe('vehicle details on an entry', () => {
  it('keeps the registration and odometer readings, seals them into the chain and prints the distance', async () => {
    const parent = await newParent();
    const student = await insertStudent(parent.userId);
    const logged = await http()
      .post('/api/driving-sessions')
      .set('Cookie', parent.cookie)
      .send(sessionBody(student.id, { vehicleRegistration: ' s123abc ', odometerStart: 41250, odometerEnd: 41273 }));
    expect(logged.status).toBe(201);
    expect(logged.body).toMatchObject({ vehicleRegistration: 'S123ABC', odometerStart: 41250, odometerEnd: 41273 });
    const plain = await http()
      .post('/api/driving-sessions')
      .set('Cookie', parent.cookie)
      .send(sessionBody(student.id, { date: '2026-03-08' }));
    expect(plain.body).toMatchObject({ vehicleRegistration: null, odometerStart: null, odometerEnd: null });

    const list = (await http().get(`/api/driving-sessions/${student.id}`).set('Cookie', parent.cookie)).body;
    expect(list.find((s: { id: number }) => s.id === logged.body.id)).toMatchObject({ vehicleRegistration: 'S123ABC' });
    const code = (await http().get(`/api/driving-sessions/${student.id}/verification`).set('Cookie', parent.cookie))
      .body.code;
    expect((await http().get(`/api/verify/${code}`)).body).toMatchObject({ intact: true, sessionCount: 2 });

    const text = pdfTextOf(await fetchPdf(student.id, parent.cookie));
    expect(text).toContain('Vehicle registration: S123ABC');
    expect(text).toContain('Odometer 41250-41273 km, distance 23 km');
  });

  it('refuses an odometer that goes backwards, a reading that is not whole kilometres, and a long plate', async () => {
    const parent = await newParent();
    const student = await insertStudent(parent.userId);
    const post = (extra: Record<string, unknown>) =>
      http().post('/api/driving-sessions').set('Cookie', parent.cookie).send(sessionBody(student.id, extra));
    expect((await post({ odometerStart: 500, odometerEnd: 499 })).body).toEqual({
      message: VALIDATION.odometerEndBeforeStart,
    });
    expect((await post({ odometerStart: 1.5 })).body).toEqual({ message: VALIDATION.odometerInvalid });
    expect((await post({ odometerStart: '100' })).body).toEqual({ message: VALIDATION.odometerInvalid });
    expect((await post({ vehicleRegistration: 'X'.repeat(13) })).body).toEqual({
      message: VALIDATION.vehicleRegistrationInvalid,
    });
  });
});

describe("the family's saved vehicles", () => {
  it('remembers each car a drive was logged in, with its latest odometer reading, for the whole family', async () => {
    const parent = await newParent();
    const first = await insertStudent(parent.userId);
    const second = await insertStudent(parent.userId);
    const secondCookie = await cookieFor(second);
    const list = async (cookie: string) => (await http().get('/api/vehicles').set('Cookie', cookie)).body;
    const nothingRecorded = { registration: false, odometer: false };
    expect(await list(parent.cookie)).toEqual({ recorded: nothingRecorded, state: 'SA', vehicles: [] });

    const post = (studentId: number, cookie: string, extra: Record<string, unknown>) =>
      http().post('/api/driving-sessions').set('Cookie', cookie).send(sessionBody(studentId, extra));
    expect((await post(first.id, parent.cookie, { vehicleRegistration: 's123abc', odometerStart: 100 })).status).toBe(
      201,
    );
    expect((await post(first.id, parent.cookie, { date: '2026-03-09' })).status).toBe(201);
    expect(
      (await post(second.id, secondCookie, { vehicleRegistration: 'XYZ789', odometerStart: 5, odometerEnd: 40 }))
        .status,
    ).toBe(201);
    // The first car again: its reading moves on to the end of this drive.
    await post(first.id, parent.cookie, { date: '2026-03-10', vehicleRegistration: 'S123ABC', odometerEnd: 130 });

    const family = await list(secondCookie);
    expect(family.recorded).toEqual(nothingRecorded);
    expect(family.vehicles).toEqual([
      { registration: 'S123ABC', lastOdometer: 130, lastUsedAt: expect.any(String) },
      { registration: 'XYZ789', lastOdometer: 40, lastUsedAt: expect.any(String) },
    ]);
    expect(await list(parent.cookie)).toEqual(family);

    // Another family never sees them; nobody signed in is refused.
    expect(await list((await newParent()).cookie)).toEqual({ recorded: nothingRecorded, state: 'SA', vehicles: [] });
    expect((await http().get('/api/vehicles')).status).toBe(401);
  });

  it("says what the family's state's log book records about the car: Queensland's, the registration and odometer", async () => {
    const parent = await newParent();
    const student = await insertStudent(parent.userId);
    await http().put('/api/settings/state').set('Cookie', parent.cookie).send({ value: 'QLD' });
    const answer = await http()
      .get('/api/vehicles')
      .set('Cookie', await cookieFor(student));
    expect(answer.body).toEqual({ recorded: { registration: true, odometer: true }, state: 'QLD', vehicles: [] });
    // Asked for a drive's date: the rule in force that day; a date that is not one is refused.
    const onDay = await http().get('/api/vehicles?on=2024-02-29').set('Cookie', parent.cookie);
    expect(onDay.body.recorded).toEqual({ registration: true, odometer: true });
    const sa = await newParent();
    expect((await http().get('/api/vehicles?on=2024-02-29').set('Cookie', sa.cookie)).body.recorded).toEqual({
      registration: false,
      odometer: false,
    });
    const bad = await http().get('/api/vehicles?on=2026-02-30').set('Cookie', parent.cookie);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: VALIDATION.ruleDateInvalid });
  });
});

describe("the vehicle a state's log book records on every drive", () => {
  it('refuses a Queensland entry without the registration or either odometer reading, storing nothing', async () => {
    const parent = await newParent();
    const student = await insertStudent(parent.userId);
    await http().put('/api/settings/state').set('Cookie', parent.cookie).send({ value: 'QLD' });
    const post = (extra: Record<string, unknown>) =>
      http().post('/api/driving-sessions').set('Cookie', parent.cookie).send(sessionBody(student.id, extra));
    const car = { vehicleRegistration: '123ABC', odometerStart: 1000, odometerEnd: 1012 };

    const noPlate = await post({ ...car, vehicleRegistration: undefined });
    expect(noPlate.status).toBe(400);
    expect(noPlate.body).toEqual({ message: VALIDATION.vehicleRegistrationRequired });
    expect((await post({ ...car, vehicleRegistration: '   ' })).body).toEqual({
      message: VALIDATION.vehicleRegistrationRequired,
    });
    expect((await post({ ...car, odometerStart: undefined })).body).toEqual({
      message: VALIDATION.odometerStartRequired,
    });
    const noEnd = await post({ ...car, odometerEnd: undefined });
    expect(noEnd.status).toBe(400);
    expect(noEnd.body).toEqual({ message: VALIDATION.odometerEndRequired });
    expect(await sessionCount(student.id)).toBe(0);
    expect((await http().get('/api/vehicles').set('Cookie', parent.cookie)).body.vehicles).toEqual([]);

    const complete = await post(car);
    expect(complete.status).toBe(201);
    expect(complete.body).toMatchObject({ vehicleRegistration: '123ABC', odometerStart: 1000, odometerEnd: 1012 });
    expect(await sessionCount(student.id)).toBe(1);
  });

  it('asks nothing of the car where the state does not record it (South Australia)', async () => {
    const parent = await newParent();
    const student = await insertStudent(parent.userId);
    const plain = await http().post('/api/driving-sessions').set('Cookie', parent.cookie).send(sessionBody(student.id));
    expect(plain.status).toBe(201);
  });
});
