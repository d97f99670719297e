import { VALIDATION } from '@logbook/contracts/messages';
import { DrivingSessionModel } from '../src/sessions/model';
import { SupervisorModel } from '../src/supervisors/model';
import { cookieFor, http, insertStudent, newParent, sessionBody, sessionCount, useDatabase } from './helpers';

/**
 * Suburbs, supervisors and reasons reach the screens, the PDF and the CSV: a control character or a text-direction
 * override in one is refused with the product's one message, and nothing is written or changed.
 */
useDatabase();

const refused = { message: VALIDATION.hiddenCharacters };

async function family() {
  const parent = await newParent();
  const student = await insertStudent(parent.userId);
  return { parent, student, studentCookie: await cookieFor(student) };
}

const post = (cookie: string, body: object) => http().post('/api/driving-sessions').set('Cookie', cookie).send(body);
const supervisorsOf = (cookie: string) => http().get('/api/supervisors').set('Cookie', cookie);

describe('a driving session', () => {
  it.each<[string, Record<string, unknown>]>([
    ['CR/LF in the start suburb', { startSuburb: 'Glenelg\r\nTotal hours: 120' }],
    ['a LF in the end suburb', { endSuburb: 'Norwood\nNorth' }],
    ['a right-to-left override in the supervisor name', { supervisorName: 'Pat \u202Erosivrepus' }],
    ['a NUL in the supervisor licence', { supervisorLicenseNumber: 'SA12\u00003456' }],
    ['a zero-width joiner in the end suburb', { endSuburb: 'Nor\u200Dwood' }],
    ['a combining grapheme joiner in the supervisor name', { supervisorName: 'Pat\u034F Lee' }],
    ['a variation selector in the start suburb', { startSuburb: 'Glenelg\uFE0F' }],
    ['a blank Braille pattern in the supervisor licence', { supervisorLicenseNumber: 'SA\u28001234' }],
  ])('is refused with %s (400), logging nothing, by parent and student alike', async (_name, fields) => {
    const { parent, student, studentCookie } = await family();
    for (const cookie of [parent.cookie, studentCookie]) {
      const res = await post(cookie, sessionBody(student.id, fields));
      expect(res.status).toBe(400);
      expect(res.body).toEqual(refused);
    }
    expect(await sessionCount(student.id)).toBe(0);
  });

  it('is refused when a required name has no letter or digit (combining marks or blank patterns alone)', async () => {
    const { parent, student } = await family();
    for (const supervisorName of ['\u0301\u0302\u0303', '\u2800\u2800']) {
      const res = await post(parent.cookie, sessionBody(student.id, { supervisorName }));
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/./);
    }
    const marks = await post(parent.cookie, sessionBody(student.id, { supervisorName: '\u0301\u0302\u0303' }));
    expect(marks.body).toEqual({ message: VALIDATION.supervisorNameRequired });
    expect(await sessionCount(student.id)).toBe(0);
  });

  it('keeps suburbs and supervisors of every script as they were typed', async () => {
    const { parent, student } = await family();
    const fields = {
      startSuburb: 'Thành phố Hồ Chí Minh',
      endSuburb: 'St. Peters',
      supervisorName: 'محمد',
      supervisorLicenseNumber: 'Γ-123',
    };
    const res = await post(parent.cookie, sessionBody(student.id, fields));
    expect(res.status).toBe(201);
    const list = await http().get(`/api/driving-sessions/${student.id}`).set('Cookie', parent.cookie);
    expect(list.body).toEqual([expect.objectContaining(fields)]);
    const chinese = await post(
      parent.cookie,
      sessionBody(student.id, { startTime: '11:00', endTime: '12:00', supervisorName: '王小明' }),
    );
    expect(chinese.status).toBe(201);
  });

  it('a correction or removal with a hidden character in its reason or fields changes nothing', async () => {
    const { parent, student } = await family();
    const made = await post(parent.cookie, sessionBody(student.id));
    expect(made.status).toBe(201);
    const before = await DrivingSessionModel.findById(made.body.id).lean();
    const attempts: Array<[string, object]> = [
      ['correction', { ...sessionBody(student.id), reason: 'Wrong \u202Eemit' }],
      ['correction', { ...sessionBody(student.id, { startSuburb: 'Glen\relg' }), reason: 'Wrong suburb' }],
      ['removal', { reason: 'Logged\u0000twice' }],
      ['removal', { reason: 'Logged\ttwice' }],
    ];
    for (const [kind, body] of attempts) {
      const res = await http()
        .post(`/api/driving-sessions/${made.body.id}/${kind}`)
        .set('Cookie', parent.cookie)
        .send(body);
      expect([kind, res.status, res.body]).toEqual([kind, 400, refused]);
    }
    expect(await DrivingSessionModel.findById(made.body.id).lean()).toEqual(before);
    expect(await sessionCount(student.id)).toBe(1);
    // A reason typed over two lines is fine.
    const removed = await http()
      .post(`/api/driving-sessions/${made.body.id}/removal`)
      .set('Cookie', parent.cookie)
      .send({ reason: 'Logged twice:\nsee the entry after' });
    expect(removed.status).toBe(200);
    expect(removed.body.changeReason).toBe('Logged twice:\nsee the entry after');
  });
});

describe('a saved supervisor', () => {
  it.each<[string, Record<string, unknown>]>([
    ['a NUL in the name', { name: 'Sam\u0000Parent' }],
    ['a right-to-left override in the name', { name: '\u202ESam Parent' }],
    ['CR/LF in the licence number', { licenseNumber: 'SA100\r\nSA200' }],
    ['a byte order mark in the licence number', { licenseNumber: 'SA\uFEFF100' }],
  ])('is refused with %s (400): none is added, and one saved is not changed', async (_name, fields) => {
    const { parent } = await family();
    const add = await http()
      .post('/api/supervisors')
      .set('Cookie', parent.cookie)
      .send({ name: 'Sam Parent', licenseNumber: 'SA100', ...fields });
    expect(add.status).toBe(400);
    expect(add.body).toEqual(refused);
    expect((await supervisorsOf(parent.cookie)).body.supervisors).toEqual([]);

    const saved = await http()
      .post('/api/supervisors')
      .set('Cookie', parent.cookie)
      .send({ name: 'Sam Parent', licenseNumber: 'SA100' });
    expect(saved.status).toBe(201);
    const before = await SupervisorModel.findById(saved.body.id).lean();
    const change = await http()
      .put(`/api/supervisors/${saved.body.id}`)
      .set('Cookie', parent.cookie)
      .send({ name: 'Sam Parent', licenseNumber: 'SA100', ...fields });
    expect(change.status).toBe(400);
    expect(change.body).toEqual(refused);
    expect(await SupervisorModel.findById(saved.body.id).lean()).toEqual(before);
  });

  it('is not remembered from a refused session either', async () => {
    const { parent, student } = await family();
    const res = await post(
      parent.cookie,
      sessionBody(student.id, { supervisorName: 'Sam\u2066Parent', rememberSupervisor: true }),
    );
    expect(res.status).toBe(400);
    expect((await supervisorsOf(parent.cookie)).body.supervisors).toEqual([]);
  });
});
