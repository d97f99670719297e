import { API_ERRORS, VALIDATION } from '@logbook/contracts/messages';
import { SettingModel } from '../src/settings/model';
import { useProductDay } from '@logbook/service-kit/test-clock';
import { cookieFor, http, insertStudent, newParent, useDatabase } from './helpers';

useDatabase();
// The state's targets as on a fixed day, whatever the machine's date.
useProductDay('2026-11-28');

/** A new family follows South Australia's rule: 75 hours, 15 of them at night. */
const DEFAULTS = [
  { key: 'dayTimeTargetHours', value: '60' },
  { key: 'nightTimeTargetHours', value: '15' },
  { key: 'targetsFrom', value: 'state' },
];

const getSettings = (cookie: string) => http().get('/api/settings').set('Cookie', cookie);

describe('GET /api/settings', () => {
  it("answers South Australia's 60 day and 15 night hours when nothing was ever set, and 401 without a cookie", async () => {
    const parent = await newParent();
    const res = await getSettings(parent.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(DEFAULTS);
    const anonymous = await http().get('/api/settings');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ message: API_ERRORS.unauthenticated });
  });

  it("lets a student read their parent's targets", async () => {
    const parent = await newParent();
    const student = await insertStudent(parent.userId);
    await http().put('/api/settings/nightTimeTargetHours').set('Cookie', parent.cookie).send({ value: 40 });
    const res = await getSettings(await cookieFor(student));
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { key: 'dayTimeTargetHours', value: '60' },
      { key: 'nightTimeTargetHours', value: '40' },
      { key: 'targetsFrom', value: 'family' },
    ]);
  });
});

describe('PUT /api/settings/:key and POST /api/settings', () => {
  it('saves with PUT (even a key never set) and with POST, as the same upsert', async () => {
    const parent = await newParent();
    const put = await http().put('/api/settings/dayTimeTargetHours').set('Cookie', parent.cookie).send({ value: 60 });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ key: 'dayTimeTargetHours', value: '60' });
    const post = await http()
      .post('/api/settings')
      .set('Cookie', parent.cookie)
      .send({ key: 'nightTimeTargetHours', value: '30' });
    expect(post.status).toBe(200);
    expect(post.body).toEqual({ key: 'nightTimeTargetHours', value: '30' });
    expect((await getSettings(parent.cookie)).body).toEqual([
      { key: 'dayTimeTargetHours', value: '60' },
      { key: 'nightTimeTargetHours', value: '30' },
      { key: 'targetsFrom', value: 'family' },
    ]);
    // POST on a key that exists, and PUT again: still one row per key.
    await http().post('/api/settings').set('Cookie', parent.cookie).send({ key: 'dayTimeTargetHours', value: 0 });
    await http().put('/api/settings/dayTimeTargetHours').set('Cookie', parent.cookie).send({ value: 200 });
    await http().put('/api/settings/dayTimeTargetHours').set('Cookie', parent.cookie).send({ value: 200 });
    expect((await getSettings(parent.cookie)).body[0]).toEqual({ key: 'dayTimeTargetHours', value: '200' });
    expect(await SettingModel.countDocuments({ userId: parent.userId })).toBe(2);
  });

  it('keeps one row when the same first save arrives several times at once', async () => {
    const parent = await newParent();
    const answers = await Promise.all(
      [10, 11, 12, 13, 14].map((value) =>
        http().put('/api/settings/nightTimeTargetHours').set('Cookie', parent.cookie).send({ value }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await SettingModel.countDocuments({ userId: parent.userId, key: 'nightTimeTargetHours' })).toBe(1);
  });

  it.each([
    ['-1', -1],
    ['201', 201],
    ['12.5', 12.5],
    ['text', 'lots'],
    ['numeric text out of range', '250'],
    ['an operator', { $gt: 0 }],
    ['a list', [10]],
    ['nothing', undefined],
    ['null', null],
    ['true', true],
  ])('refuses the value %s', async (_name, value) => {
    const parent = await newParent();
    const put = await http().put('/api/settings/dayTimeTargetHours').set('Cookie', parent.cookie).send({ value });
    expect(put.status).toBe(400);
    expect(put.body).toEqual({ message: VALIDATION.targetHoursRange });
    const post = await http()
      .post('/api/settings')
      .set('Cookie', parent.cookie)
      .send({ key: 'dayTimeTargetHours', value });
    expect(post.status).toBe(400);
    expect(post.body).toEqual({ message: VALIDATION.targetHoursRange });
    expect((await getSettings(parent.cookie)).body).toEqual(DEFAULTS);
  });

  it('accepts the bounds 0 and 200', async () => {
    const parent = await newParent();
    for (const value of [0, 200, '0', ' 200 ']) {
      const res = await http().put('/api/settings/dayTimeTargetHours').set('Cookie', parent.cookie).send({ value });
      expect(res.status).toBe(200);
    }
    expect((await getSettings(parent.cookie)).body[0]).toEqual({ key: 'dayTimeTargetHours', value: '200' });
  });

  it('refuses unknown keys', async () => {
    const parent = await newParent();
    const put = await http().put('/api/settings/theme').set('Cookie', parent.cookie).send({ value: 10 });
    expect(put.status).toBe(400);
    expect(put.body).toEqual({ message: VALIDATION.unknownSettingKey });
    for (const key of ['theme', '', undefined, { $ne: 'x' }, ['dayTimeTargetHours'], '__proto__']) {
      const post = await http().post('/api/settings').set('Cookie', parent.cookie).send({ key, value: 10 });
      expect(post.status).toBe(400);
      expect(post.body).toEqual({ message: VALIDATION.unknownSettingKey });
    }
    const list = await http()
      .post('/api/settings')
      .set('Cookie', parent.cookie)
      .send([{ key: 'dayTimeTargetHours' }]);
    expect(list.status).toBe(400);
    expect(await SettingModel.countDocuments({ userId: parent.userId })).toBe(0);
  });

  it("never changes another family's targets", async () => {
    const a = await newParent();
    const b = await newParent();
    await http().put('/api/settings/dayTimeTargetHours').set('Cookie', a.cookie).send({ value: 5 });
    await http().post('/api/settings').set('Cookie', b.cookie).send({ key: 'dayTimeTargetHours', value: 150 });
    expect((await getSettings(a.cookie)).body[0]).toEqual({ key: 'dayTimeTargetHours', value: '5' });
    expect((await getSettings(b.cookie)).body[0]).toEqual({ key: 'dayTimeTargetHours', value: '150' });
    const c = await newParent();
    expect((await getSettings(c.cookie)).body).toEqual(DEFAULTS);
  });

  it('refuses a student (PUT and POST) and a missing cookie, and writes nothing', async () => {
    const parent = await newParent();
    const student = await insertStudent(parent.userId);
    const cookie = await cookieFor(student);
    const put = await http().put('/api/settings/dayTimeTargetHours').set('Cookie', cookie).send({ value: 1 });
    expect(put.status).toBe(401);
    const post = await http()
      .post('/api/settings')
      .set('Cookie', cookie)
      .send({ key: 'nightTimeTargetHours', value: 1 });
    expect(post.status).toBe(401);
    const anonymous = await http().put('/api/settings/dayTimeTargetHours').send({ value: 1 });
    expect(anonymous.status).toBe(401);
    expect(await SettingModel.countDocuments({ userId: parent.userId })).toBe(0);
    expect((await getSettings(parent.cookie)).body).toEqual(DEFAULTS);
  });
});
