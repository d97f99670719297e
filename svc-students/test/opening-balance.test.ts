import request from 'supertest';
import { setupTestDatabase, teardownTestDatabase } from '@logbook/service-kit/testing';
import { models } from '../src/app';
import {
  addStudent,
  expectNoSecrets,
  expectStudentCookiesWork,
  familyWithLogins,
  makeTestApp,
  newParent,
  storedStudent,
  strangers,
} from './support';

const { app, bodies } = makeTestApp();

beforeAll(async () => {
  await setupTestDatabase(models);
});
afterAll(teardownTestDatabase);

const DAY_MESSAGE = 'Day hours must be a number from 0 to 200 with at most one decimal place';
const NIGHT_MESSAGE = 'Night hours must be a number from 0 to 200 with at most one decimal place';

const pathOf = (id: number | string) => `/api/students/${id}/opening-balance`;
const read = (id: number | string, cookie: string) => request(app).get(pathOf(id)).set('cookie', cookie);
const write = (id: number | string, cookie: string, body: unknown) =>
  request(app)
    .put(pathOf(id))
    .set('cookie', cookie)
    .send(body as object);

async function parentWithStudent() {
  const parent = await newParent();
  const student = await addStudent(app, parent.cookie);
  return { parent, student };
}

describe('opening balance (hours logged on paper before the app)', () => {
  it('is zero until a parent records it', async () => {
    const { parent, student } = await parentWithStudent();
    const res = await read(student.id, parent.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ dayHours: 0, nightHours: 0, note: '' });
    expect(await storedStudent(student.id)).not.toHaveProperty('openingBalance');
  });

  it('records day and night hours with a note; a later read shows them; it is kept on the student', async () => {
    const { parent, student } = await parentWithStudent();
    const before = Date.now();
    const res = await write(student.id, parent.cookie, { dayHours: 12.5, nightHours: 3, note: '  Paper log book 1  ' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ dayHours: 12.5, nightHours: 3, note: 'Paper log book 1' });
    expect((await read(student.id, parent.cookie)).body).toEqual(res.body);
    const stored = await storedStudent(student.id);
    const balance = stored!.openingBalance as { dayHours: number; nightHours: number; note: string; updatedAt: Date };
    expect(balance).toMatchObject({ dayHours: 12.5, nightHours: 3, note: 'Paper log book 1' });
    expect(new Date(balance.updatedAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('replaces the earlier figures and accepts the text of a number input; the note is optional', async () => {
    const { parent, student } = await parentWithStudent();
    await write(student.id, parent.cookie, { dayHours: 10, nightHours: 2, note: 'first' });
    const res = await write(student.id, parent.cookie, { dayHours: '0', nightHours: '200' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ dayHours: 0, nightHours: 200, note: '' });
    expect((await read(student.id, parent.cookie)).body).toEqual({ dayHours: 0, nightHours: 200, note: '' });
  });

  it('does not touch the rest of the student', async () => {
    const { parent, student } = await parentWithStudent();
    const before = (await request(app).get(`/api/students/${student.id}`).set('cookie', parent.cookie)).body;
    await write(student.id, parent.cookie, { dayHours: 5, nightHours: 1, firstName: 'Changed', userId: 1 });
    const after = (await request(app).get(`/api/students/${student.id}`).set('cookie', parent.cookie)).body;
    expect(after).toEqual(before);
    expect(after).not.toHaveProperty('openingBalance');
  });

  describe('validation', () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['missing day hours', { nightHours: 1 }, DAY_MESSAGE],
      ['missing night hours', { dayHours: 1 }, NIGHT_MESSAGE],
      ['negative day hours', { dayHours: -1, nightHours: 1 }, DAY_MESSAGE],
      ['day hours over 200', { dayHours: 200.1, nightHours: 1 }, DAY_MESSAGE],
      ['night hours over 200', { dayHours: 1, nightHours: 201 }, NIGHT_MESSAGE],
      ['two decimals', { dayHours: 12.25, nightHours: 1 }, DAY_MESSAGE],
      ['two decimals as text', { dayHours: 1, nightHours: '1.25' }, NIGHT_MESSAGE],
      ['words', { dayHours: 'twelve', nightHours: 1 }, DAY_MESSAGE],
      ['an operator object', { dayHours: { $gt: 0 }, nightHours: 1 }, DAY_MESSAGE],
      ['an array', { dayHours: 1, nightHours: [1] }, NIGHT_MESSAGE],
      ['null', { dayHours: null, nightHours: 1 }, DAY_MESSAGE],
      ['a boolean', { dayHours: true, nightHours: 1 }, DAY_MESSAGE],
      ['a 10,000-digit number as text', { dayHours: '9'.repeat(10_000), nightHours: 1 }, DAY_MESSAGE],
      [
        'a note over 500 characters',
        { dayHours: 1, nightHours: 1, note: 'n'.repeat(501) },
        'Note must be at most 500 characters',
      ],
      [
        'a 10,000-character note',
        { dayHours: 1, nightHours: 1, note: 'n'.repeat(10_000) },
        'Note must be at most 500 characters',
      ],
      ['an object for the note', { dayHours: 1, nightHours: 1, note: { $gt: '' } }, 'Note must be text'],
      ['a number for the note', { dayHours: 1, nightHours: 1, note: 42 }, 'Note must be text'],
    ];
    it.each(cases)('%s → 400, the recorded figures unchanged', async (_name, body, message) => {
      const { parent, student } = await parentWithStudent();
      await write(student.id, parent.cookie, { dayHours: 7, nightHours: 2, note: 'kept' });
      const res = await write(student.id, parent.cookie, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message });
      expect((await read(student.id, parent.cookie)).body).toEqual({ dayHours: 7, nightHours: 2, note: 'kept' });
    });

    it('keeps markup in the note as plain text', async () => {
      const { parent, student } = await parentWithStudent();
      const note = '<script>document.cookie</script>';
      expect((await write(student.id, parent.cookie, { dayHours: 1, nightHours: 0, note })).body.note).toBe(note);
    });
  });

  it('answers 400 for non-numeric ids and 404 for a missing student', async () => {
    const { parent } = await parentWithStudent();
    for (const id of ['abc', '0', '1.5']) {
      expect((await read(id, parent.cookie)).status).toBe(400);
      const res = await write(id, parent.cookie, { dayHours: 1, nightHours: 1 });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: 'Invalid id' });
    }
    expect((await read(987654, parent.cookie)).status).toBe(404);
    expect((await write(987654, parent.cookie, { dayHours: 1, nightHours: 1 })).status).toBe(404);
  });

  it('ownership on GET: parent A 200; parent B 404; every student and nobody 401', async () => {
    const a = await familyWithLogins(app, 'Rae');
    const b = await familyWithLogins(app, 'Sol');
    await write(a.student.id, a.parent.cookie, { dayHours: 4, nightHours: 1, note: 'private' });
    await expectStudentCookiesWork(app, a.studentCookie, a.siblingCookie, b.studentCookie);
    for (const [who, cookie, status] of strangers(a, b)) {
      const req = request(app).get(pathOf(a.student.id));
      const res = await (cookie ? req.set('cookie', cookie) : req);
      expect({ who, status: res.status }).toEqual({ who, status });
      expect(JSON.stringify(res.body)).not.toContain('private');
    }
    expect((await read(a.student.id, a.parent.cookie)).body).toEqual({ dayHours: 4, nightHours: 1, note: 'private' });
  });

  it('ownership on PUT: parent A 200; parent B 404; every student and nobody 401; refusals change nothing', async () => {
    const a = await familyWithLogins(app, 'Tam');
    const b = await familyWithLogins(app, 'Uma');
    await write(a.student.id, a.parent.cookie, { dayHours: 4, nightHours: 1, note: 'original' });
    await expectStudentCookiesWork(app, a.studentCookie, a.siblingCookie, b.studentCookie);
    for (const [who, cookie, status] of strangers(a, b)) {
      const req = request(app).put(pathOf(a.student.id)).send({ dayHours: 200, nightHours: 200, note: 'forged' });
      const res = await (cookie ? req.set('cookie', cookie) : req);
      expect({ who, status: res.status }).toEqual({ who, status });
    }
    expect((await read(a.student.id, a.parent.cookie)).body).toEqual({ dayHours: 4, nightHours: 1, note: 'original' });
    expect((await write(a.student.id, a.parent.cookie, { dayHours: 5, nightHours: 1 })).status).toBe(200);
  });
});

it('never answered with a password hash or a password', () => {
  expectNoSecrets(bodies, ['learner-pass']);
});
