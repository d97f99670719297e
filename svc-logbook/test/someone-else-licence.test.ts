import { VALIDATION } from '@logbook/contracts/messages';
import { useProductDay } from '@logbook/service-kit/test-clock';
import { http, insertStudent, newParent, sessionBody, useDatabase } from './helpers';

useDatabase();
// Readiness as on a fixed day, whatever the machine's date.
useProductDay('2026-11-28');

const supervisorsOf = async (cookie: string) =>
  (await http().get('/api/supervisors').set('Cookie', cookie).expect(200)).body.supervisors as Array<
    Record<string, unknown>
  >;
const supervisorsCheck = async (id: number, cookie: string) =>
  (await http().get(`/api/driving-sessions/${id}/readiness`).set('Cookie', cookie).expect(200)).body.checks.find(
    (c: { id: string }) => c.id === 'supervisors',
  );

describe("someone else's licence, sent with the entry", () => {
  it('is kept with the supervisor remembered from the entry, and counts for the state rule like a saved one', async () => {
    const parent = await newParent();
    const student = await insertStudent(parent.userId);
    const res = await http()
      .post('/api/driving-sessions')
      .set('Cookie', parent.cookie)
      .send({
        ...sessionBody(student.id, { supervisorName: 'Robin Other', supervisorLicenseNumber: 'QX1' }),
        rememberSupervisor: true,
        supervisorLicenceState: 'QLD',
        supervisorFullLicenceYear: 2001,
      });
    expect(res.status).toBe(201);
    expect(await supervisorsOf(parent.cookie)).toEqual([
      expect.objectContaining({
        name: 'Robin Other',
        licenseNumber: 'QX1',
        licenceState: 'QLD',
        fullLicenceYear: 2001,
      }),
    ]);
    expect(await supervisorsCheck(student.id, parent.cookie)).toMatchObject({
      ok: true,
      message: 'Every supervisor has held a full licence for 2 years or more',
    });

    // Named again with a later year: the supervisor's record follows what the form said.
    await http()
      .post('/api/driving-sessions')
      .set('Cookie', parent.cookie)
      .send({
        ...sessionBody(student.id, {
          date: '2026-03-08',
          supervisorName: 'Robin Other',
          supervisorLicenseNumber: 'QX1',
        }),
        rememberSupervisor: true,
        supervisorFullLicenceYear: 2025,
      })
      .expect(201);
    expect(await supervisorsOf(parent.cookie)).toEqual([
      expect.objectContaining({ licenceState: 'QLD', fullLicenceYear: 2025 }),
    ]);
    expect((await supervisorsCheck(student.id, parent.cookie)).ok).toBe(false);
  });

  it('refuses a year that is not one and a state that is not one, storing nothing', async () => {
    const parent = await newParent();
    const student = await insertStudent(parent.userId);
    for (const [extra, message] of [
      [{ supervisorFullLicenceYear: 1800 }, VALIDATION.fullLicenceYearInvalid],
      [{ supervisorFullLicenceYear: '2001' }, VALIDATION.fullLicenceYearInvalid],
      [{ supervisorLicenceState: 'XYZ' }, VALIDATION.invalidInput],
    ] as const) {
      const res = await http()
        .post('/api/driving-sessions')
        .set('Cookie', parent.cookie)
        .send({ ...sessionBody(student.id), rememberSupervisor: true, ...extra });
      expect([res.status, res.body]).toEqual([400, { message }]);
    }
    expect(await supervisorsOf(parent.cookie)).toEqual([]);
  });
});
