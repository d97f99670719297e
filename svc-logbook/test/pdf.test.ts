import { execFileSync } from 'node:child_process';
import { PRIVATE_SERVICE_STATEMENT } from '@logbook/contracts/constants';
import { formatDisplayDate } from '@logbook/contracts/dates';
import { API_ERRORS } from '@logbook/contracts/messages';
import { nextId } from '@logbook/service-kit/counters';
import { DrivingSessionModel } from '../src/sessions/model';
import { cookieFor, dataUrl, http, insertStudent, newParent, sessionBody, signaturePng, useDatabase } from './helpers';

/**
 * Pages and text of a PDF, read by poppler (pdfinfo, pdftotext), the reader behind many desktop viewers. The text is
 * taken in drawing order, which for this layout is row by row.
 */
async function pdfParse(data: Buffer): Promise<{ numpages: number; text: string }> {
  const info = execFileSync('pdfinfo', ['-'], { input: data }).toString();
  const pages = /^Pages:\s+(\d+)$/m.exec(info);
  const text = execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', '-', '-'], { input: data }).toString();
  return { numpages: pages ? Number(pages[1]) : 0, text };
}

useDatabase();

async function fetchPdf(studentId: number, cookie: string) {
  return http()
    .get(`/api/driving-sessions/${studentId}/pdf`)
    .set('Cookie', cookie)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
}

/** Sessions straight into the collection, as svc-logbook stores them, one per day from 1 Jan 2026. */
async function seedSessions(studentId: number, count: number) {
  const signatures = [dataUrl(signaturePng(400, 150, 1)), dataUrl(signaturePng(400, 150, 2))];
  const docs = [];
  for (let i = 0; i < count; i++) {
    const day = new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10);
    const body = sessionBody(studentId, {
      date: day,
      startTime: i % 3 === 0 ? '19:15' : '08:30',
      endTime: i % 3 === 0 ? '20:45' : '09:30',
      timeOfDay: i % 3 === 0 ? 'night' : 'day',
      trafficConditions: ['light', 'medium', 'heavy'][i % 3],
      roadConditions: ['sealed', 'unsealed', 'quiet-streets', 'busy-road', 'multi-laned'][i % 5],
      startSuburb: ['Glenelg', 'Norwood', 'Port Adelaide', 'Mount Barker'][i % 4],
      endSuburb: ['Unley', 'Prospect', 'Modbury', 'Victor Harbor'][i % 4],
      supervisorName: `Supervisor ${String.fromCharCode(65 + (i % 26))}${i}`,
      supervisorLicenseNumber: `SA${100000 + i}`,
      studentSignature: signatures[0],
      supervisorSignature: signatures[1],
    });
    const { studentId: _s, ...fields } = body;
    docs.push({ _id: await nextId('driving_sessions'), studentId, ...fields, createdAt: new Date() });
  }
  if (docs.length) await DrivingSessionModel.insertMany(docs);
  return docs;
}

describe('GET /api/driving-sessions/:studentId/pdf', () => {
  it('is a one-page log book when nothing is logged yet', async () => {
    const parent = await newParent();
    const student = await insertStudent(parent.userId, {
      firstName: 'Mia',
      lastName: 'Nguyen',
      dateOfBirth: '2009-02-14',
      licenseNumber: 'LP7731',
    });
    const res = await fetchPdf(student.id, parent.cookie);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('inline; filename="learner-logbook-Mia-Nguyen.pdf"');
    const body = res.body as Buffer;
    expect(body.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await pdfParse(body);
    expect(pdf.numpages).toBe(1);
    for (const text of [
      'Learner Logbook',
      PRIVATE_SERVICE_STATEMENT,
      'Mia Nguyen',
      '14 Feb 2009',
      'LP7731',
      'No driving sessions logged yet.',
      // South Australia's rule for a new family: 75 hours, 15 of them at night.
      '0.0 of 60 hours',
      '0.0 of 15 hours',
      '0.0 of 75 hours',
      'Getting Started',
      'Page 1 of 1',
    ]) {
      expect(pdf.text).toContain(text);
    }
  });

  it('shows one session with its supervisor, both signatures drawn, on one page', async () => {
    const parent = await newParent();
    const student = await insertStudent(parent.userId, { firstName: 'Sam', lastName: 'Lee' });
    const logged = await http()
      .post('/api/driving-sessions')
      .set('Cookie', parent.cookie)
      .send(
        sessionBody(student.id, { date: '2026-05-09', supervisorName: 'Jordan Lee', supervisorLicenseNumber: 'DL-55' }),
      );
    expect(logged.status).toBe(201);
    const res = await fetchPdf(student.id, await cookieFor(student));
    expect(res.status).toBe(200);
    const pdf = await pdfParse(res.body);
    expect(pdf.numpages).toBe(1);
    for (const text of [
      'Sam Lee',
      '9 May 2026',
      '09:00',
      '10:30',
      '1.5 hours',
      'Jordan Lee',
      'DL-55',
      'Glenelg',
      'Norwood',
    ]) {
      expect(pdf.text).toContain(text);
    }
    expect(pdf.text).toContain('1.5 of 75 hours');
    expect(pdf.text).toContain('Page 1 of 1');
    // Each signature is an image (with its transparency mask when the PNG has one).
    const images = (res.body as Buffer).toString('latin1').match(/\/Subtype \/Image/g) ?? [];
    expect(images.length).toBeGreaterThanOrEqual(2);
  });

  it('lists sixty sessions oldest first over seven numbered pages', async () => {
    const parent = await newParent();
    const student = await insertStudent(parent.userId, { firstName: 'Ava', lastName: 'Rossi' });
    const docs = await seedSessions(student.id, 60);
    const res = await fetchPdf(student.id, parent.cookie);
    expect(res.status).toBe(200);
    const pdf = await pdfParse(res.body);
    expect(pdf.numpages).toBe(7);
    for (let page = 1; page <= 7; page++) expect(pdf.text).toContain(`Page ${page} of 7`);
    let last = -1;
    for (const doc of docs) {
      expect(pdf.text).toContain(formatDisplayDate(doc.date as string));
      const at = pdf.text.indexOf(doc.supervisorName as string);
      expect(at).toBeGreaterThan(last); // date order, oldest first
      last = at;
    }
    const images = (res.body as Buffer).toString('latin1').match(/\/Subtype \/Image/g) ?? [];
    expect(images.length).toBeGreaterThanOrEqual(120);
    expect(pdf.text).toContain('60 sessions logged');
  });

  it('prints the verification code, its link and QR code on page 1, and each entry’s short hash', async () => {
    const parent = await newParent();
    const student = await insertStudent(parent.userId, { firstName: 'Ivy', lastName: 'Chen' });
    // Sessions from before the chain (sealed when the PDF is made) and one logged since.
    await seedSessions(student.id, 8);
    const logged = await http()
      .post('/api/driving-sessions')
      .set('Cookie', parent.cookie)
      .send(sessionBody(student.id));
    expect(logged.status).toBe(201);
    const res = await fetchPdf(student.id, parent.cookie);
    expect(res.status).toBe(200);
    const pdf = await pdfParse(res.body);
    expect(pdf.numpages).toBe(2);

    const verification = await http()
      .get(`/api/driving-sessions/${student.id}/verification`)
      .set('Cookie', parent.cookie);
    const { code, url } = verification.body as { code: string; url: string };
    // On the origin each request came through: here the test's own address, a new port per request.
    const link = new RegExp(`http://127\\.0\\.0\\.1:\\d+/verify/${code}`);
    expect(url).toMatch(link);
    const firstPage = pdf.text.split('\f')[0];
    expect(firstPage).toContain('Verification code');
    expect(firstPage).toContain(code);
    expect(firstPage).toMatch(link);
    const stored = await DrivingSessionModel.find({ studentId: student.id }).sort({ _id: 1 }).lean();
    expect(stored).toHaveLength(9);
    for (const doc of stored) {
      expect(doc.hash).toMatch(/^[0-9a-f]{64}$/);
      expect(pdf.text).toContain(doc.hash!.slice(0, 10));
    }
    expect(stored.at(-1)!.hash).toBe(logged.body.hash);
    // The QR code is one more image beside the 18 signatures.
    const images = (res.body as Buffer).toString('latin1').match(/\/Subtype \/Image/g) ?? [];
    expect(images.length).toBeGreaterThanOrEqual(19);
    expect((await http().get(`/api/verify/${code}`)).body).toMatchObject({ intact: true, sessionCount: 9 });
  });

  it('shows paper log book hours apart and counts them in the progress', async () => {
    const parent = await newParent();
    const student = await insertStudent(parent.userId, {
      openingBalance: { dayHours: 12, nightHours: 3.5, note: 'Paper book pages 1-4' },
    });
    await seedSessions(student.id, 2);
    const pdf = await pdfParse((await fetchPdf(student.id, parent.cookie)).body);
    expect(pdf.text).toContain('Includes 12.0 day and 3.5 night hours from a paper log book:\nPaper book pages 1-4');
    expect(pdf.text).toContain('13.0 of 60 hours');
    expect(pdf.text).toContain('5.0 of 15 hours');
  });

  it('draws hostile and oversize text as plain, shortened text', async () => {
    const parent = await newParent();
    const student = await insertStudent(parent.userId, {
      firstName: 'Zoë ../"x',
      lastName: "O'Brien\r\nContent-Type: text/html",
    });
    const res = await http()
      .post('/api/driving-sessions')
      .set('Cookie', parent.cookie)
      .send(
        sessionBody(student.id, {
          startSuburb: 'W'.repeat(120),
          supervisorName: '(Hello) \\ <b>李雷</b> 😀 /Type /Catalog',
        }),
      );
    expect(res.status).toBe(201);
    const pdfRes = await fetchPdf(student.id, parent.cookie);
    expect(pdfRes.status).toBe(200);
    expect(pdfRes.headers['content-disposition']).toBe(
      'inline; filename="learner-logbook-Zoe-x-O-Brien-Content-Type-text-html.pdf"',
    );
    const pdf = await pdfParse(pdfRes.body);
    expect(pdf.numpages).toBe(1);
    expect(pdf.text).toContain('(Hello) \\ <b>');
    expect(pdf.text).not.toContain('W'.repeat(120));
    expect(pdf.text).toContain('WWWW');
  });

  it('refuses a missing cookie, a bad id and a missing student before any PDF byte', async () => {
    const parent = await newParent();
    const student = await insertStudent(parent.userId);
    const anonymous = await http().get(`/api/driving-sessions/${student.id}/pdf`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ message: API_ERRORS.unauthenticated });
    const bad = await http().get('/api/driving-sessions/abc/pdf').set('Cookie', parent.cookie);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: API_ERRORS.invalidId });
    const missing = await http().get('/api/driving-sessions/987654/pdf').set('Cookie', parent.cookie);
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toMatch(/json/);
  });
});
