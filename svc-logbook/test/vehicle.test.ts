import { VALIDATION } from '@logbook/contracts/messages';
import { fetchPdf, http, insertStudent, newParent, pdfTextOf, sessionBody, useDatabase } from './helpers';

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
