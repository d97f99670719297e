import request from 'supertest';
import { VALIDATION } from '@logbook/contracts/messages';
import { setupTestDatabase, teardownTestDatabase } from '@logbook/service-kit/testing';
import { models } from '../src/app';
import { addStudent, aStudent, makeTestApp, newParent, setSubscription, storedStudent } from './support';

/**
 * Names and licence numbers reach email subjects, the screens, the PDF and the CSV: a control character or a
 * text-direction override in one is refused with the product's one message, and nothing is written.
 */
const { app } = makeTestApp();

beforeAll(async () => {
  await setupTestDatabase(models);
});
afterAll(teardownTestDatabase);

const refused = { message: VALIDATION.hiddenCharacters };
const listOf = async (cookie: string) =>
  (await request(app).get('/api/students').set('cookie', cookie)).body as Array<Record<string, unknown>>;

const HOSTILE: Array<[string, Record<string, string>]> = [
  ['a right-to-left override in the first name', { firstName: 'Ava\u202Egpj.exe' }],
  ['a NUL in the last name', { lastName: 'Ngu\u0000yen' }],
  ['CR/LF in the last name', { lastName: 'Nguyen\r\nBcc: someone@example.com' }],
  ['a right-to-left isolate in the licence number', { licenseNumber: 'L12\u206734567' }],
  ['a zero-width space in the first name', { firstName: 'A\u200Bva' }],
  ['a byte order mark in the first name', { firstName: 'A\uFEFFva' }],
  ['a combining grapheme joiner in the first name', { firstName: 'Av\u034Fa' }],
  ['a variation selector in the last name', { lastName: 'Nguyen\uFE0F' }],
  ['a Mongolian variation selector in the first name', { firstName: 'A\u180Bva' }],
  ['a Khmer inherent vowel in the last name', { lastName: 'Ng\u17B4uyen' }],
  ['a blank Braille pattern in the licence number', { licenseNumber: 'L123\u28004567' }],
];

/** Names that draw nothing a reader could call a name, and the message each gets. */
const NO_NAME: Array<[string, string, string]> = [
  ['blank Braille patterns', '\u2800\u2800\u2800', VALIDATION.hiddenCharacters],
  ['combining marks', '\u0301\u0302\u0303', VALIDATION.firstNameRequired],
  ['punctuation', '-.', VALIDATION.firstNameRequired],
];

describe('POST /api/students', () => {
  it.each(HOSTILE)('refuses %s with 400 and creates nothing', async (_name, fields) => {
    const { cookie } = await newParent();
    const res = await request(app).post('/api/students').set('cookie', cookie).send(aStudent(fields));
    expect(res.status).toBe(400);
    expect(res.body).toEqual(refused);
    expect(await listOf(cookie)).toEqual([]);
  });

  it.each([
    ['Vietnamese', 'Nguyễn Thị', 'Ánh'],
    ['Arabic', 'محمد', 'عبد الله'],
    ['Chinese', '小明', '王'],
    ['Greek', 'Γιώργος', 'Παπαδόπουλος'],
    ['Irish', 'Siobhán', "O'Brien"],
    ['double-barrelled', 'Mary-Kate', 'Smith-Jones'],
  ])('keeps a %s name as it was typed', async (_name, firstName, lastName) => {
    const { cookie } = await newParent();
    const made = await addStudent(app, cookie, { firstName, lastName });
    expect(made).toMatchObject({ firstName, lastName });
    expect(await listOf(cookie)).toEqual([expect.objectContaining({ firstName, lastName })]);
  });
});

describe('PUT /api/students/:id', () => {
  it.each(HOSTILE)('refuses %s with 400 and leaves the student as they were', async (_name, fields) => {
    const { cookie } = await newParent();
    const s = await addStudent(app, cookie);
    const before = await storedStudent(s.id);
    const res = await request(app).put(`/api/students/${s.id}`).set('cookie', cookie).send(aStudent(fields));
    expect(res.status).toBe(400);
    expect(res.body).toEqual(refused);
    expect(await storedStudent(s.id)).toEqual(before);
  });
});

describe('a first name with no letter or digit', () => {
  it.each(NO_NAME)(
    'of %s is refused with 400, adding no student and leaving one as they were',
    async (_n, name, message) => {
      const { cookie } = await newParent();
      const added = await request(app)
        .post('/api/students')
        .set('cookie', cookie)
        .send(aStudent({ firstName: name }));
      expect(added.status).toBe(400);
      expect(added.body).toEqual({ message });
      expect(await listOf(cookie)).toEqual([]);

      const s = await addStudent(app, cookie);
      const before = await storedStudent(s.id);
      const renamed = await request(app)
        .put(`/api/students/${s.id}`)
        .set('cookie', cookie)
        .send(aStudent({ firstName: name }));
      expect(renamed.status).toBe(400);
      expect(renamed.body).toEqual({ message });
      expect(await storedStudent(s.id)).toEqual(before);
    },
  );
});

describe('the paper-hours note', () => {
  const pathOf = (id: number) => `/api/students/${id}/opening-balance`;

  it('refuses a text-direction override or a NUL, keeping the note as it was', async () => {
    const { cookie } = await newParent();
    const s = await addStudent(app, cookie);
    const saved = await request(app)
      .put(pathOf(s.id))
      .set('cookie', cookie)
      .send({ dayHours: 5, nightHours: 1, note: 'Pages 1-4\nsigned by Dad' });
    expect(saved.status).toBe(200);
    expect(saved.body.note).toBe('Pages 1-4\nsigned by Dad');
    for (const note of ['Pages \u202E4-1', 'Pages\u00001-4', 'Pages\t1-4']) {
      const res = await request(app).put(pathOf(s.id)).set('cookie', cookie).send({ dayHours: 9, nightHours: 9, note });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(refused);
    }
    const read = await request(app).get(pathOf(s.id)).set('cookie', cookie);
    expect(read.body).toEqual({ dayHours: 5, nightHours: 1, note: 'Pages 1-4\nsigned by Dad' });
  });
});

describe('the student login', () => {
  it('refuses a username with a right-to-left override, making no login', async () => {
    const { cookie } = await newParent();
    const s = await addStudent(app, cookie);
    await setSubscription(s.id, 'active');
    const res = await request(app)
      .post(`/api/students/${s.id}/create-login`)
      .set('cookie', cookie)
      .send({ studentUsername: 'ava\u202Etxt.exe', studentPassword: 'learner-pass' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(refused);
    expect(await storedStudent(s.id)).toMatchObject({ hasStudentLogin: false });
  });
});
