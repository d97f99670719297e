import crypto from 'node:crypto';
import { PNG } from 'pngjs';
import { API_ERRORS, VALIDATION } from '@logbook/contracts/messages';
import { deviceTimeZone, localDateISO, todayInTimeZone } from '@logbook/contracts/dates';
import { useProductDay } from '@logbook/service-kit/test-clock';
import { DrivingSessionModel } from '../src/sessions/model';
import {
  cookieFor,
  dataUrl,
  http,
  insertStudent,
  newParent,
  SIGNATURE,
  sessionBody,
  sessionCount,
  setSubscription,
  signaturePng,
  useDatabase,
} from './helpers';

useDatabase();

async function family(subscriptionStatus = 'active') {
  const parent = await newParent();
  const student = await insertStudent(parent.userId, { subscriptionStatus });
  return { parent, student };
}

function noisyPng(width: number, height: number): Buffer {
  const png = new PNG({ width, height });
  crypto.randomFillSync(png.data);
  return PNG.sync.write(png);
}

describe('POST /api/driving-sessions', () => {
  it('logs a session for the parent and answers it with its signatures', async () => {
    const { parent, student } = await family();
    const body = sessionBody(student.id);
    const res = await http().post('/api/driving-sessions').set('Cookie', parent.cookie).send(body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      studentId: student.id,
      date: '2026-03-07',
      startTime: '09:00',
      endTime: '10:30',
      duration: '1.5 hours',
      startSuburb: 'Glenelg',
      endSuburb: 'Norwood',
      timeOfDay: 'day',
      trafficConditions: 'light',
      roadConditions: 'sealed',
      supervisorName: 'Pat Supervisor',
      supervisorLicenseNumber: 'SA123456',
      studentSignature: SIGNATURE,
      supervisorSignature: SIGNATURE,
      clientId: body.clientId,
    });
    expect(Number.isInteger(res.body.id)).toBe(true);
    expect(Object.keys(res.body).sort()).toEqual(
      [
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
        'clientId',
        'hash',
        'createdAt',
        'weatherConditions',
        'supervisorIsInstructor',
        'status',
        'correctionOf',
        'supersededBy',
        'changeReason',
        'changedAt',
        // Not recorded on this entry: answered as null.
        'vehicleRegistration',
        'odometerStart',
        'odometerEnd',
        // Signed beside the learner: no remote signing, its time nor the licence details the supervisor confirms.
        'signedAt',
        'signedRemotely',
        'supervisorLicenceState',
        'supervisorFullLicenceYear',
        'supervisorRuleNotMet',
        // svc-auth is not served here, so who logged it is not known: answered as null.
        'loggedBy',
      ].sort(),
    );
    expect(res.body.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(new Date(res.body.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const list = await http().get(`/api/driving-sessions/${student.id}`).set('Cookie', parent.cookie);
    expect(list.status).toBe(200);
    expect(list.body.map((s: { id: number }) => s.id)).toEqual([res.body.id]);
  });

  it('lets the student log their own session', async () => {
    const { student } = await family();
    const res = await http()
      .post('/api/driving-sessions')
      .set('Cookie', await cookieFor(student))
      .send(sessionBody(student.id));
    expect(res.status).toBe(201);
    expect(await sessionCount(student.id)).toBe(1);
  });

  it('counts an end before the start as the next day', async () => {
    const { parent, student } = await family();
    const res = await http()
      .post('/api/driving-sessions')
      .set('Cookie', parent.cookie)
      .send(sessionBody(student.id, { startTime: '23:30', endTime: '00:30', timeOfDay: 'night' }));
    expect(res.status).toBe(201);
    expect(res.body.duration).toBe('1.0 hours');
  });

  it('logs separate sessions when no clientId is sent', async () => {
    const { parent, student } = await family();
    const send = () =>
      http()
        .post('/api/driving-sessions')
        .set('Cookie', parent.cookie)
        .send(sessionBody(student.id, { clientId: undefined }));
    const first = await send();
    const second = await send();
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(first.body.id).not.toBe(second.body.id);
    expect(first.body.clientId).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.body.clientId).not.toBe(second.body.clientId);
    expect(await sessionCount(student.id)).toBe(2);
  });

  const missing: [string, string][] = [
    ['studentId', VALIDATION.studentIdRequired],
    ['date', VALIDATION.dateRequired],
    ['startTime', VALIDATION.startTimeRequired],
    ['endTime', VALIDATION.endTimeRequired],
    ['duration', VALIDATION.durationRequired],
    ['startSuburb', VALIDATION.startSuburbRequired],
    ['endSuburb', VALIDATION.endSuburbRequired],
    ['timeOfDay', VALIDATION.timeOfDayRequired],
    ['trafficConditions', VALIDATION.trafficRequired],
    ['roadConditions', VALIDATION.roadRequired],
    ['studentSignature', VALIDATION.studentSignatureRequired],
    ['supervisorName', VALIDATION.supervisorNameRequired],
    ['supervisorLicenseNumber', VALIDATION.supervisorLicenseRequired],
    ['supervisorSignature', VALIDATION.supervisorSignatureRequired],
  ];
  it.each(missing)('refuses a session without %s', async (field, message) => {
    const { parent, student } = await family();
    const body: Record<string, unknown> = sessionBody(student.id);
    delete body[field];
    const res = await http().post('/api/driving-sessions').set('Cookie', parent.cookie).send(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
    const blank = await http()
      .post('/api/driving-sessions')
      .set('Cookie', parent.cookie)
      .send({ ...sessionBody(student.id), [field]: field === 'studentId' ? '' : '   ' });
    expect(blank.status).toBe(400);
    expect(await sessionCount(student.id)).toBe(0);
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ['a date that does not exist', { date: '2026-02-30' }, VALIDATION.dateInvalid],
    ['a date in another format', { date: '07/03/2026' }, VALIDATION.dateInvalid],
    ['a start time that is not HH:MM', { startTime: '9:00' }, VALIDATION.timeInvalid],
    ['an end time out of range', { endTime: '24:10' }, VALIDATION.timeInvalid],
    ['an unknown time of day', { timeOfDay: 'dusk' }, VALIDATION.timeOfDayRequired],
    ['an unknown traffic level', { trafficConditions: 'gridlock' }, VALIDATION.trafficRequired],
    ['an unknown road', { roadConditions: 'gravel' }, VALIDATION.roadRequired],
    ['a suburb that is too long', { startSuburb: 'x'.repeat(121) }, VALIDATION.suburbTooLong],
    ['a supervisor name that is too long', { supervisorName: 'x'.repeat(101) }, VALIDATION.nameTooLong],
    ['a licence number that is too long', { supervisorLicenseNumber: 'x'.repeat(51) }, VALIDATION.licenseTooLong],
    ['a clientId that is not a UUID', { clientId: 'retry-1' }, VALIDATION.clientIdInvalid],
    [
      'equal start and end times',
      { startTime: '10:00', endTime: '10:00', duration: '1.0 hours' },
      VALIDATION.sameStartAndEnd,
    ],
    ['a duration that disagrees with the times', { duration: '2.0 hours' }, VALIDATION.durationMismatch],
    ['a duration in other words', { duration: '90 minutes' }, VALIDATION.durationMismatch],
    ['a signature that is not a data URL', { studentSignature: 'hello' }, VALIDATION.signatureInvalid],
    ['a JPEG signature', { supervisorSignature: 'data:image/jpeg;base64,/9j/4AAQ' }, VALIDATION.signatureInvalid],
    [
      'a signature whose bytes are not a PNG',
      {
        studentSignature: `data:image/png;base64,${Buffer.from('GIF89a not a png at all, really').toString('base64')}`,
      },
      VALIDATION.signatureInvalid,
    ],
    [
      'a signature that is not base64',
      { supervisorSignature: 'data:image/png;base64,@@@@' },
      VALIDATION.signatureInvalid,
    ],
    ['a student id that is an operator', { studentId: { $gt: 0 } }, VALIDATION.studentIdRequired],
    ['a supervisor name that is an operator', { supervisorName: { $ne: '' } }, VALIDATION.supervisorNameRequired],
    ['a suburb that is a list', { endSuburb: ['Glenelg'] }, VALIDATION.endSuburbRequired],
    ['a date that is a number', { date: 20260307 }, VALIDATION.dateRequired],
  ];
  it.each(invalid)('refuses %s and writes nothing', async (_name, overrides, message) => {
    const { parent, student } = await family();
    const res = await http()
      .post('/api/driving-sessions')
      .set('Cookie', parent.cookie)
      .send(sessionBody(student.id, overrides));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
    expect(await sessionCount(student.id)).toBe(0);
  });

  it('refuses a damaged PNG signature', async () => {
    const { parent, student } = await family();
    const bytes = Buffer.from(signaturePng());
    bytes[bytes.length - 20] ^= 0xff; // inside the image data: its checksum no longer matches
    const res = await http()
      .post('/api/driving-sessions')
      .set('Cookie', parent.cookie)
      .send(sessionBody(student.id, { supervisorSignature: dataUrl(bytes) }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: VALIDATION.signatureInvalid });
    expect(await sessionCount(student.id)).toBe(0);
  });

  it('refuses a signature image over 200 KB and writes nothing', async () => {
    const { parent, student } = await family();
    const big = noisyPng(400, 150);
    expect(big.length).toBeGreaterThan(200 * 1024);
    const res = await http()
      .post('/api/driving-sessions')
      .set('Cookie', parent.cookie)
      .send(sessionBody(student.id, { studentSignature: dataUrl(big) }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: VALIDATION.signatureTooLarge });
    expect(await sessionCount(student.id)).toBe(0);
  });

  it('accepts two signatures of nearly 200 KB each', async () => {
    const { parent, student } = await family();
    const near = noisyPng(400, 127);
    expect(near.length).toBeGreaterThan(190 * 1024);
    expect(near.length).toBeLessThanOrEqual(200 * 1024);
    const res = await http()
      .post('/api/driving-sessions')
      .set('Cookie', parent.cookie)
      .send(sessionBody(student.id, { studentSignature: dataUrl(near), supervisorSignature: dataUrl(near) }));
    expect(res.status).toBe(201);
    expect(res.body.studentSignature).toBe(dataUrl(near));
  });

  it('refuses a body that is not an object, malformed JSON and a huge body', async () => {
    const { parent, student } = await family();
    const list = await http()
      .post('/api/driving-sessions')
      .set('Cookie', parent.cookie)
      .send([sessionBody(student.id)]);
    expect(list.status).toBe(400);
    expect(list.body).toEqual({ message: VALIDATION.invalidInput });
    const broken = await http()
      .post('/api/driving-sessions')
      .set('Cookie', parent.cookie)
      .set('Content-Type', 'application/json')
      .send('{"studentId":');
    expect(broken.status).toBe(400);
    expect(broken.body).toEqual({ message: API_ERRORS.malformedJson });
    const huge = await http()
      .post('/api/driving-sessions')
      .set('Cookie', parent.cookie)
      .send(sessionBody(student.id, { startSuburb: 'x'.repeat(700_000) }));
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ message: API_ERRORS.bodyTooLarge });
    expect(await sessionCount(student.id)).toBe(0);
  });

  it.each(['inactive', 'past_due', 'canceled', 'incomplete', 'something-else'])(
    'needs an active subscription (%s is refused) and writes nothing',
    async (status) => {
      const { parent, student } = await family(status);
      const res = await http().post('/api/driving-sessions').set('Cookie', parent.cookie).send(sessionBody(student.id));
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: API_ERRORS.subscriptionRequired });
      const asStudent = await http()
        .post('/api/driving-sessions')
        .set('Cookie', await cookieFor(student))
        .send(sessionBody(student.id));
      expect(asStudent.status).toBe(403);
      expect(await sessionCount(student.id)).toBe(0);
    },
  );

  const dayAfter = (iso: string, days: number) =>
    new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  const post = (cookie: string, studentId: number, overrides: Record<string, unknown>) =>
    http().post('/api/driving-sessions').set('Cookie', cookie).send(sessionBody(studentId, overrides));

  it('refuses a date after today in Adelaide, or before the student was born, and writes nothing', async () => {
    const { parent, student } = await family();
    const adelaideTomorrow = dayAfter(todayInTimeZone('Australia/Adelaide')!, 1);
    const afterTodayEverywhere = dayAfter(todayInTimeZone('Pacific/Kiritimati')!, 1);
    for (const [date, message, timeZone] of [
      [adelaideTomorrow, VALIDATION.dateInFuture, undefined],
      // Perth is never on a later date than Adelaide; a zone nobody knows counts as none.
      [adelaideTomorrow, VALIDATION.dateInFuture, 'Australia/Perth'],
      [adelaideTomorrow, VALIDATION.dateInFuture, 'Pacific/Nowhere'],
      [afterTodayEverywhere, VALIDATION.dateInFuture, 'Pacific/Kiritimati'],
      ['2099-12-31', VALIDATION.dateInFuture, undefined],
      ['2008-04-11', VALIDATION.dateBeforeBirth, undefined],
      ['1900-01-01', VALIDATION.dateBeforeBirth, 'Pacific/Kiritimati'],
    ]) {
      const res = await post(parent.cookie, student.id, { date, timeZone });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message });
    }
    expect(await sessionCount(student.id)).toBe(0);
  });

  it('accepts the driver’s own today when the post names their zone, and neither stores nor seals the zone', async () => {
    const { parent, student } = await family();
    // Kiribati's Line Islands (UTC+14) are on Adelaide's tomorrow for the last hours of Adelaide's day.
    const adelaideToday = todayInTimeZone('Australia/Adelaide')!;
    const kiritimatiToday = todayInTimeZone('Pacific/Kiritimati')!;
    if (kiritimatiToday !== adelaideToday) {
      const refused = await post(parent.cookie, student.id, { date: kiritimatiToday });
      expect(refused.body).toEqual({ message: VALIDATION.dateInFuture });
    }
    const res = await post(parent.cookie, student.id, { date: kiritimatiToday, timeZone: 'Pacific/Kiritimati' });
    expect(res.status).toBe(201);
    expect(res.body.date).toBe(kiritimatiToday);
    expect(res.body).not.toHaveProperty('timeZone');
    const stored = await DrivingSessionModel.findById(res.body.id).lean();
    expect(stored).not.toHaveProperty('timeZone');
    // The seal is worked out again from what is stored: it holds only if the zone was never part of it.
    const own = await http().get(`/api/driving-sessions/${student.id}/verification`).set('Cookie', parent.cookie);
    const check = await http().get(`/api/verify/${own.body.code}`);
    expect(check.body).toMatchObject({ intact: true, sessionCount: 1 });
  });

  it('accepts Adelaide’s today, the device’s today in its zone, the birthday, and a session sent days later', async () => {
    const { parent, student } = await family();
    const daysAgo = new Date(Date.now() - 9 * 86_400_000).toISOString().slice(0, 10);
    for (const [date, timeZone] of [
      [todayInTimeZone('Australia/Adelaide'), undefined],
      [localDateISO(), deviceTimeZone()],
      ['2008-04-12', undefined],
      [daysAgo, 'Australia/Perth'],
    ]) {
      const res = await post(parent.cookie, student.id, { date, timeZone });
      expect(res.status).toBe(201);
    }
    expect(await sessionCount(student.id)).toBe(4);
  });

  it('answers a stranger 404 before looking at the signatures, however large or broken', async () => {
    const { student } = await family();
    const stranger = await newParent();
    const damaged = Buffer.from(signaturePng());
    damaged[damaged.length - 20] ^= 0xff;
    for (const signatures of [
      { studentSignature: dataUrl(noisyPng(400, 150)) },
      { supervisorSignature: dataUrl(damaged) },
      { studentSignature: 'data:image/png;base64,@@@@' },
    ]) {
      const res = await http()
        .post('/api/driving-sessions')
        .set('Cookie', stranger.cookie)
        .send(sessionBody(student.id, signatures));
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: API_ERRORS.studentNotFound });
    }
    expect(await sessionCount(student.id)).toBe(0);
  });

  it('answers an unsubscribed student’s family with the subscription before looking at the signatures', async () => {
    const { parent, student } = await family('canceled');
    const res = await http()
      .post('/api/driving-sessions')
      .set('Cookie', parent.cookie)
      .send(sessionBody(student.id, { studentSignature: dataUrl(noisyPng(400, 150)) }));
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: API_ERRORS.subscriptionRequired });
    expect(await sessionCount(student.id)).toBe(0);
  });

  it('answers 404 for a student that does not exist and 401 without a cookie', async () => {
    const { parent, student } = await family();
    const res = await http().post('/api/driving-sessions').set('Cookie', parent.cookie).send(sessionBody(999_999));
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: API_ERRORS.studentNotFound });
    const anonymous = await http().post('/api/driving-sessions').send(sessionBody(student.id));
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ message: API_ERRORS.unauthenticated });
    expect(await sessionCount(student.id)).toBe(0);
  });
});

describe('idempotent submissions (clientId)', () => {
  it('answers a repeated clientId with the session already logged and logs nothing more', async () => {
    const { parent, student } = await family();
    const body = sessionBody(student.id);
    const first = await http().post('/api/driving-sessions').set('Cookie', parent.cookie).send(body);
    expect(first.status).toBe(201);
    const again = await http()
      .post('/api/driving-sessions')
      .set('Cookie', await cookieFor(student))
      .send({ ...body, supervisorName: 'Someone Else' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await sessionCount(student.id)).toBe(1);
  });

  it('logs exactly one session when five identical submissions arrive at once', async () => {
    const { parent, student } = await family();
    const body = sessionBody(student.id);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => http().post('/api/driving-sessions').set('Cookie', parent.cookie).send(body)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(await DrivingSessionModel.countDocuments({ studentId: student.id, clientId: body.clientId })).toBe(1);
    expect(await sessionCount(student.id)).toBe(1);
  });

  it('keeps a clientId per student: the same id for another student logs a new session', async () => {
    const { parent, student } = await family();
    const sibling = await insertStudent(parent.userId);
    const clientId = crypto.randomUUID();
    const a = await http()
      .post('/api/driving-sessions')
      .set('Cookie', parent.cookie)
      .send(sessionBody(student.id, { clientId }));
    const b = await http()
      .post('/api/driving-sessions')
      .set('Cookie', parent.cookie)
      .send(sessionBody(sibling.id, { clientId }));
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(await sessionCount(student.id)).toBe(1);
    expect(await sessionCount(sibling.id)).toBe(1);
  });

  it('answers a retry with the logged session even after the subscription lapsed', async () => {
    const parent = await newParent();
    const student = await insertStudent(parent.userId);
    const body = sessionBody(student.id);
    expect((await http().post('/api/driving-sessions').set('Cookie', parent.cookie).send(body)).status).toBe(201);
    await setSubscription(student.id, student.userId, 'canceled', 2);
    const retry = await http().post('/api/driving-sessions').set('Cookie', parent.cookie).send(body);
    expect(retry.status).toBe(200);
    const fresh = await http().post('/api/driving-sessions').set('Cookie', parent.cookie).send(sessionBody(student.id));
    expect(fresh.status).toBe(403);
    expect(await sessionCount(student.id)).toBe(1);
  });
});

describe('GET /api/driving-sessions/:studentId', () => {
  async function seeded() {
    const { parent, student } = await family();
    const rows: [string, string, string, string][] = [
      ['2026-03-01', '09:00', '10:00', 'day'],
      ['2026-03-05', '19:00', '20:30', 'night'],
      ['2026-03-05', '08:00', '09:00', 'day'],
      ['2026-03-10', '18:00', '19:00', 'night'],
      ['2026-02-20', '10:00', '12:00', 'day'],
    ];
    const ids: Record<string, number> = {};
    for (const [date, startTime, endTime, timeOfDay] of rows) {
      const res = await http()
        .post('/api/driving-sessions')
        .set('Cookie', parent.cookie)
        .send(sessionBody(student.id, { date, startTime, endTime, timeOfDay }));
      expect(res.status).toBe(201);
      ids[`${date} ${startTime}`] = res.body.id;
    }
    return { parent, student, ids };
  }
  const keys = (body: { date: string; startTime: string }[]) => body.map((s) => `${s.date} ${s.startTime}`);

  it('lists newest first without the signatures, and with them when asked', async () => {
    const { parent, student } = await seeded();
    const res = await http().get(`/api/driving-sessions/${student.id}`).set('Cookie', parent.cookie);
    expect(res.status).toBe(200);
    expect(keys(res.body)).toEqual([
      '2026-03-10 18:00',
      '2026-03-05 19:00',
      '2026-03-05 08:00',
      '2026-03-01 09:00',
      '2026-02-20 10:00',
    ]);
    for (const s of res.body) {
      expect(s.studentSignature).toBeUndefined();
      expect(s.supervisorSignature).toBeUndefined();
      expect(s.supervisorName).toBe('Pat Supervisor');
    }
    const withSignatures = await http()
      .get(`/api/driving-sessions/${student.id}?include=signatures`)
      .set('Cookie', parent.cookie);
    expect(withSignatures.status).toBe(200);
    expect(withSignatures.body).toHaveLength(5);
    expect(withSignatures.body[0].studentSignature).toBe(SIGNATURE);
    expect(withSignatures.body[0].supervisorSignature).toBe(SIGNATURE);
  });

  it('orders entries on the same date and time by when they were logged, newest first', async () => {
    const { parent, student } = await family();
    // The same drive logged again each time the entry before it was removed (a removed entry no longer holds its time).
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await http()
        .post('/api/driving-sessions')
        .set('Cookie', parent.cookie)
        .send(sessionBody(student.id, { startTime: '09:00', endTime: '10:30' }));
      expect(res.status).toBe(201);
      ids.push(res.body.id);
      if (i < 2) {
        await http()
          .post(`/api/driving-sessions/${res.body.id}/removal`)
          .set('Cookie', parent.cookie)
          .send({ reason: 'Logged by mistake' })
          .expect(200);
      }
    }
    const res = await http().get(`/api/driving-sessions/${student.id}?include=history`).set('Cookie', parent.cookie);
    expect(res.body.map((s: { id: number }) => s.id)).toEqual([...ids].reverse());
  });

  it('filters by date range and time of day', async () => {
    const { parent, student } = await seeded();
    const get = (q: string) => http().get(`/api/driving-sessions/${student.id}?${q}`).set('Cookie', parent.cookie);
    expect(keys((await get('fromDate=2026-03-05')).body)).toEqual([
      '2026-03-10 18:00',
      '2026-03-05 19:00',
      '2026-03-05 08:00',
    ]);
    expect(keys((await get('toDate=2026-03-01')).body)).toEqual(['2026-03-01 09:00', '2026-02-20 10:00']);
    expect(keys((await get('fromDate=2026-03-01&toDate=2026-03-05')).body)).toEqual([
      '2026-03-05 19:00',
      '2026-03-05 08:00',
      '2026-03-01 09:00',
    ]);
    expect(keys((await get('timeOfDay=night')).body)).toEqual(['2026-03-10 18:00', '2026-03-05 19:00']);
    expect(keys((await get('timeOfDay=day&fromDate=2026-03-02')).body)).toEqual(['2026-03-05 08:00']);
    expect((await get('fromDate=2026-03-05&toDate=2026-03-05&timeOfDay=night')).body).toHaveLength(1);
    expect((await get('fromDate=2027-01-01')).body).toEqual([]);
  });

  it.each([
    ['fromDate=2026-13-01', VALIDATION.fromDateInvalid],
    ['fromDate=yesterday', VALIDATION.fromDateInvalid],
    ['toDate=2026-02-30', VALIDATION.toDateInvalid],
    ['timeOfDay=dusk', VALIDATION.timeOfDayInvalid],
    ['fromDate=2026-03-01&fromDate=2026-03-02', VALIDATION.fromDateInvalid],
    ['fromDate=2026-03-10&toDate=2026-03-01', VALIDATION.dateRangeInvalid],
    ['include=everything', VALIDATION.invalidInput],
  ])('refuses the query %s', async (query, message) => {
    const { parent, student } = await family();
    const res = await http().get(`/api/driving-sessions/${student.id}?${query}`).set('Cookie', parent.cookie);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
  });

  it('reads a bracketed query key as a name of its own, never as an operator', async () => {
    const { parent, student } = await family();
    await http().post('/api/driving-sessions').set('Cookie', parent.cookie).send(sessionBody(student.id));
    const res = await http()
      .get(`/api/driving-sessions/${student.id}?fromDate[$gt]=&timeOfDay[$ne]=x`)
      .set('Cookie', parent.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
  });

  it('refuses an id that is not a number', async () => {
    const { parent } = await family();
    for (const id of ['abc', '0', '-1', '1.5', '99999999999999999999']) {
      const res = await http().get(`/api/driving-sessions/${id}`).set('Cookie', parent.cookie);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: API_ERRORS.invalidId });
    }
  });

  it('lets a student read their list whatever the subscription', async () => {
    const { parent, student } = await family();
    await http().post('/api/driving-sessions').set('Cookie', parent.cookie).send(sessionBody(student.id));
    await setSubscription(student.id, student.userId, 'canceled', 2);
    const res = await http()
      .get(`/api/driving-sessions/${student.id}`)
      .set('Cookie', await cookieFor(student));
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
  });
});

describe('GET /api/driving-sessions/:studentId/summary', () => {
  // The state's targets as on a fixed day, whatever the machine's date.
  useProductDay('2026-11-28');

  async function log(cookie: string, studentId: number, startTime: string, endTime: string, timeOfDay: string) {
    const res = await http()
      .post('/api/driving-sessions')
      .set('Cookie', cookie)
      .send(sessionBody(studentId, { startTime, endTime, timeOfDay }));
    expect(res.status).toBe(201);
  }

  it("adds up day and night hours against the default targets (South Australia's 75, 15 at night)", async () => {
    const { parent, student } = await family();
    const empty = await http().get(`/api/driving-sessions/${student.id}/summary`).set('Cookie', parent.cookie);
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({
      dayHours: 0,
      nightHours: 0,
      totalHours: 0,
      targets: { day: 60, night: 15, total: 75 },
      percent: { day: 0, night: 0, total: 0 },
      remaining: { day: 60, night: 15, total: 75 },
      badge: 'Getting Started',
      sessionCount: 0,
      openingBalance: null,
    });

    await log(parent.cookie, student.id, '09:00', '10:30', 'day');
    await log(parent.cookie, student.id, '13:00', '15:00', 'day');
    await log(parent.cookie, student.id, '23:00', '00:15', 'night');
    const res = await http()
      .get(`/api/driving-sessions/${student.id}/summary`)
      .set('Cookie', await cookieFor(student));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      dayHours: 3.5,
      nightHours: 1.3,
      totalHours: 4.8,
      targets: { day: 60, night: 15, total: 75 },
      percent: { day: 5.8, night: 8.7, total: 6.4 },
      remaining: { day: 56.5, night: 13.7, total: 70.2 },
      badge: 'Getting Started',
      sessionCount: 3,
      bonusHours: 0,
      instructorLessons: 0,
      openingBalance: null,
      awaitingSignature: { sessionCount: 0, hours: 0 },
      state: 'SA',
    });
  });

  it("follows the family's targets and counts paper log book hours", async () => {
    const parent = await newParent();
    const student = await insertStudent(parent.userId, {
      openingBalance: { dayHours: 4, nightHours: 1.5, note: 'Paper book, pages 1-3' },
    });
    for (const [key, value] of [
      ['dayTimeTargetHours', 10],
      ['nightTimeTargetHours', 5],
    ] as const) {
      expect((await http().put(`/api/settings/${key}`).set('Cookie', parent.cookie).send({ value })).status).toBe(200);
    }
    await log(parent.cookie, student.id, '09:00', '10:00', 'day');
    await log(parent.cookie, student.id, '20:00', '21:00', 'night');
    const res = await http().get(`/api/driving-sessions/${student.id}/summary`).set('Cookie', parent.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      dayHours: 5,
      nightHours: 2.5,
      totalHours: 7.5,
      targets: { day: 10, night: 5, total: 15 },
      percent: { day: 50, night: 50, total: 50 },
      remaining: { day: 5, night: 2.5, total: 7.5 },
      badge: 'Halfway There',
      sessionCount: 2,
      bonusHours: 0,
      instructorLessons: 0,
      openingBalance: { dayHours: 4, nightHours: 1.5, note: 'Paper book, pages 1-3' },
      awaitingSignature: { sessionCount: 0, hours: 0 },
      state: 'SA',
    });
  });

  it('caps percentages at 100 and says Complete!', async () => {
    const parent = await newParent();
    const student = await insertStudent(parent.userId);
    await http().put('/api/settings/dayTimeTargetHours').set('Cookie', parent.cookie).send({ value: 1 });
    await http().put('/api/settings/nightTimeTargetHours').set('Cookie', parent.cookie).send({ value: 0 });
    await log(parent.cookie, student.id, '09:00', '11:00', 'day');
    const res = await http().get(`/api/driving-sessions/${student.id}/summary`).set('Cookie', parent.cookie);
    expect(res.body.percent).toEqual({ day: 100, night: 100, total: 100 });
    expect(res.body.remaining).toEqual({ day: 0, night: 0, total: 0 });
    expect(res.body.badge).toBe('Complete!');
  });
});
