import { API_ERRORS, VALIDATION } from '@logbook/contracts/messages';
import { supervisorListSchema, supervisorSchema } from '@logbook/contracts/schemas';
import { DrivingSessionModel } from '../src/sessions/model';
import { SupervisorModel } from '../src/supervisors/model';
import { cookieFor, http, insertStudent, newParent, sessionBody, useDatabase } from './helpers';

useDatabase();

/** Parent A with student A, parent B with student B. */
async function twoFamilies() {
  const parentA = await newParent();
  const parentB = await newParent();
  const studentA = await insertStudent(parentA.userId);
  const studentB = await insertStudent(parentB.userId);
  return {
    parentA: parentA.cookie,
    parentB: parentB.cookie,
    studentA: await cookieFor(studentA),
    studentB: await cookieFor(studentB),
    studentAId: studentA.id,
    userA: parentA.userId,
  };
}

const list = (cookie: string) => http().get('/api/supervisors').set('Cookie', cookie);
const add = (cookie: string, body: object) => http().post('/api/supervisors').set('Cookie', cookie).send(body);
const names = async (cookie: string) =>
  supervisorListSchema.parse((await list(cookie)).body).supervisors.map((s) => s.name);

describe('saved supervisors', () => {
  it('a parent adds, lists, changes and removes them', async () => {
    const f = await twoFamilies();
    const made = await add(f.parentA, { name: 'Sam Parent', licenseNumber: 'SA100', isInstructor: false });
    expect(made.status).toBe(201);
    const saved = supervisorSchema.strict().parse(made.body);
    expect(saved).toMatchObject({ name: 'Sam Parent', licenseNumber: 'SA100', isInstructor: false, lastUsedAt: null });

    const changed = await http()
      .put(`/api/supervisors/${saved.id}`)
      .set('Cookie', f.parentA)
      .send({ name: 'Sam Parent', licenseNumber: 'SA100', isInstructor: true });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id: saved.id, isInstructor: true });
    expect((await list(f.parentA)).body.supervisors).toEqual([{ ...saved, isInstructor: true }]);

    const removed = await http().delete(`/api/supervisors/${saved.id}`).set('Cookie', f.parentA);
    expect(removed.status).toBe(204);
    expect(removed.text).toBe('');
    expect(await names(f.parentA)).toEqual([]);
  });

  it('keeps an address to ask the supervisor to sign on their own phone, refuses one that is not, and forgets it when cleared', async () => {
    const f = await twoFamilies();
    const made = await add(f.parentA, { name: 'Pat Aunt', licenseNumber: 'SA300', email: 'pat@example.com' });
    expect(made.status).toBe(201);
    expect(supervisorSchema.strict().parse(made.body).email).toBe('pat@example.com');
    expect((await list(f.studentA)).body.supervisors[0].email).toBe('pat@example.com');

    const bad = await http()
      .put(`/api/supervisors/${made.body.id}`)
      .set('Cookie', f.parentA)
      .send({ name: 'Pat Aunt', licenseNumber: 'SA300', email: 'not an address' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(VALIDATION.invalidEmail);
    expect((await list(f.parentA)).body.supervisors[0].email).toBe('pat@example.com');

    const kept = await http()
      .put(`/api/supervisors/${made.body.id}`)
      .set('Cookie', f.parentA)
      .send({ name: 'Pat Aunt', licenseNumber: 'SA300', isInstructor: true });
    expect(kept.body).toMatchObject({ isInstructor: true, email: 'pat@example.com' });
    const cleared = await http()
      .put(`/api/supervisors/${made.body.id}`)
      .set('Cookie', f.parentA)
      .send({ name: 'Pat Aunt', licenseNumber: 'SA300', email: '' });
    expect(cleared.status).toBe(200);
    expect(cleared.body.email).toBeNull();
    expect((await list(f.parentB)).body.supervisors).toEqual([]);
  });

  it('a student of the family reads them and adds one, and may change nothing', async () => {
    const f = await twoFamilies();
    const byParent = (await add(f.parentA, { name: 'Sam Parent', licenseNumber: 'SA100', isInstructor: false })).body;
    expect(await names(f.studentA)).toEqual(['Sam Parent']);
    const byStudent = await add(f.studentA, { name: 'Alex Aunt', licenseNumber: 'SA200' });
    expect(byStudent.status).toBe(201);
    expect(byStudent.body.isInstructor).toBe(false);

    const put = await http()
      .put(`/api/supervisors/${byParent.id}`)
      .set('Cookie', f.studentA)
      .send({ name: 'Renamed', licenseNumber: 'SA100', isInstructor: false });
    expect(put.status).toBe(403);
    expect(put.body).toEqual({ message: API_ERRORS.onlyParentsChangeSupervisors });
    const del = await http().delete(`/api/supervisors/${byStudent.body.id}`).set('Cookie', f.studentA);
    expect(del.status).toBe(403);
    expect((await names(f.parentA)).sort()).toEqual(['Alex Aunt', 'Sam Parent']);
  });

  it("another family's parent or student sees none of them and gets 404 for their ids", async () => {
    const f = await twoFamilies();
    const saved = (await add(f.parentA, { name: 'Sam Parent', licenseNumber: 'SA100', isInstructor: false })).body;
    expect(await names(f.parentB)).toEqual([]);
    expect(await names(f.studentB)).toEqual([]);
    const put = await http()
      .put(`/api/supervisors/${saved.id}`)
      .set('Cookie', f.parentB)
      .send({ name: 'Taken', licenseNumber: 'X', isInstructor: true });
    expect(put.status).toBe(404);
    expect(put.body).toEqual({ message: API_ERRORS.supervisorNotFound });
    const del = await http().delete(`/api/supervisors/${saved.id}`).set('Cookie', f.parentB);
    expect(del.status).toBe(404);
    expect((await list(f.parentA)).body.supervisors).toEqual([saved]);
  });

  it('refuses signed-out callers, bad ids and hostile bodies, leaving the list as it was', async () => {
    const f = await twoFamilies();
    expect((await http().get('/api/supervisors')).status).toBe(401);
    expect((await http().post('/api/supervisors').send({ name: 'A', licenseNumber: 'B' })).status).toBe(401);
    expect((await http().delete('/api/supervisors/abc').set('Cookie', f.parentA)).status).toBe(400);
    const cases: Array<[object, string]> = [
      [{ licenseNumber: 'SA1' }, VALIDATION.supervisorNameRequired],
      [{ name: '   ', licenseNumber: 'SA1' }, VALIDATION.supervisorNameRequired],
      [{ name: { $gt: '' }, licenseNumber: 'SA1' }, VALIDATION.supervisorNameRequired],
      [{ name: 'A', licenseNumber: '' }, VALIDATION.supervisorLicenseRequired],
      [{ name: 'x'.repeat(101), licenseNumber: 'SA1' }, VALIDATION.nameTooLong],
      [{ name: 'A', licenseNumber: 'x'.repeat(51) }, VALIDATION.licenseTooLong],
      [{ name: 'A', licenseNumber: 'SA1', isInstructor: 'yes' }, VALIDATION.invalidInput],
    ];
    for (const [body, message] of cases) {
      const res = await add(f.parentA, body);
      expect([res.status, res.body]).toEqual([400, { message }]);
    }
    expect(await names(f.parentA)).toEqual([]);
    // A signature sent along is never kept.
    const res = await add(f.parentA, {
      name: 'Sam',
      licenseNumber: 'SA1',
      supervisorSignature: 'data:image/png;base64,AA',
    });
    expect(res.status).toBe(201);
    expect(Object.keys((await SupervisorModel.findById(res.body.id).lean())!).sort()).toEqual(
      ['_id', 'createdAt', 'isInstructor', 'lastUsedAt', 'licenseNumber', 'name', 'userId'].sort(),
    );
  });

  it('renaming one to another saved name and licence is a 409 that changes neither', async () => {
    const f = await twoFamilies();
    await add(f.parentA, { name: 'Sam', licenseNumber: 'SA1' });
    const other = (await add(f.parentA, { name: 'Kim', licenseNumber: 'SA2' })).body;
    const res = await http()
      .put(`/api/supervisors/${other.id}`)
      .set('Cookie', f.parentA)
      .send({ name: 'Sam', licenseNumber: 'SA1', isInstructor: false });
    expect(res.status).toBe(409);
    expect((await names(f.parentA)).sort()).toEqual(['Kim', 'Sam']);
  });
});

describe('supervisors on sessions', () => {
  it('remembers a new supervisor once, offers the most recently used first, and keeps sessions as logged', async () => {
    const f = await twoFamilies();
    const log = (cookie: string, extra: Record<string, unknown>) =>
      http().post('/api/driving-sessions').set('Cookie', cookie).send(sessionBody(f.studentAId, extra));
    const kim = (await add(f.parentA, { name: 'Kim Older', licenseNumber: 'SA9' })).body;

    const first = await log(f.studentA, {
      supervisorName: 'Lee Instructor',
      supervisorLicenseNumber: 'DI-42',
      supervisorIsInstructor: true,
      rememberSupervisor: true,
    });
    expect(first.status).toBe(201);
    expect(first.body.supervisorIsInstructor).toBe(true);
    // The same supervisor again, typed in: no second copy.
    expect(
      (
        await log(f.parentA, {
          supervisorName: 'Lee Instructor',
          supervisorLicenseNumber: 'DI-42',
          rememberSupervisor: true,
        })
      ).status,
    ).toBe(201);
    let saved = (await list(f.parentA)).body.supervisors;
    expect(saved.map((s: { name: string }) => s.name)).toEqual(['Lee Instructor', 'Kim Older']);
    expect(saved[0]).toMatchObject({ isInstructor: true, lastUsedAt: expect.any(String) });

    // Picking Kim by id moves Kim first; not remembering someone else saves nobody.
    expect(
      (await log(f.parentA, { supervisorId: kim.id, supervisorName: 'Kim Older', supervisorLicenseNumber: 'SA9' }))
        .status,
    ).toBe(201);
    expect((await log(f.parentA, { supervisorName: 'Once Only', supervisorLicenseNumber: 'SA0' })).status).toBe(201);
    saved = (await list(f.parentA)).body.supervisors;
    expect(saved.map((s: { name: string }) => s.name)).toEqual(['Kim Older', 'Lee Instructor']);
    // Picking a saved instructor without saying so logs an instructor lesson.
    const lee = saved[1];
    const picked = await log(f.parentA, {
      supervisorId: lee.id,
      supervisorName: 'Lee Instructor',
      supervisorLicenseNumber: 'DI-42',
    });
    expect(picked.body.supervisorIsInstructor).toBe(true);
    expect(await names(f.parentA)).toEqual(['Lee Instructor', 'Kim Older']);

    // Removing a saved supervisor changes no session.
    await http().delete(`/api/supervisors/${kim.id}`).set('Cookie', f.parentA);
    const logged = await DrivingSessionModel.find({ studentId: f.studentAId, supervisorName: 'Kim Older' }).lean();
    expect(logged).toHaveLength(1);
    expect(logged[0].supervisorLicenseNumber).toBe('SA9');
  });

  it("refuses another family's supervisor id with 404 and logs nothing", async () => {
    const f = await twoFamilies();
    const parentC = await newParent();
    const theirs = (await add(parentC.cookie, { name: 'Not Yours', licenseNumber: 'NY1' })).body;
    const res = await http()
      .post('/api/driving-sessions')
      .set('Cookie', f.parentA)
      .send(sessionBody(f.studentAId, { supervisorId: theirs.id }));
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: API_ERRORS.supervisorNotFound });
    expect(await DrivingSessionModel.countDocuments({ studentId: f.studentAId })).toBe(0);
    expect((await SupervisorModel.findById(theirs.id).lean())!.lastUsedAt).toBeNull();
  });
});
