import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import { nextId } from '@logbook/service-kit/counters';
import { DrivingSessionModel, SessionSignaturesModel } from '../src/sessions/model';
import { signatureForPrint } from '../src/sessions/signature';
import { signaturesIdOf, storeSignatures } from '../src/sessions/signatures';
import { dataUrl, http, SIGNATURE, sessionBody, sessionCount, signaturePng, useDatabase, newFamily } from './helpers';

useDatabase();

const signatureRecords = (studentId: number) => SessionSignaturesModel.countDocuments({ studentId });
const pdfOf = (studentId: number, cookie: string) =>
  http()
    .get(`/api/driving-sessions/${studentId}/pdf`)
    .set('Cookie', cookie)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
const pdfText = (pdf: Buffer) =>
  execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', '-', '-'], { input: pdf }).toString();
const imagesIn = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Subtype \/Image/g) ?? []).length;
const verification = (studentId: number, cookie: string) =>
  http().get(`/api/driving-sessions/${studentId}/verification`).set('Cookie', cookie);

describe('signatures kept apart from the sessions', () => {
  it('stores the signatures and their print copies in their own record, and the session without them', async () => {
    const { parent, student } = await newFamily();
    const studentSignature = dataUrl(signaturePng(400, 150, 3));
    const res = await http()
      .post('/api/driving-sessions')
      .set('Cookie', parent.cookie)
      .send(sessionBody(student.id, { studentSignature }));
    expect(res.status).toBe(201);
    expect(res.body.studentSignature).toBe(studentSignature);
    expect(res.body.supervisorSignature).toBe(SIGNATURE);

    const stored = await DrivingSessionModel.collection.findOne({ _id: res.body.id } as never);
    for (const field of [
      'studentSignature',
      'supervisorSignature',
      'studentSignaturePrint',
      'supervisorSignaturePrint',
    ])
      expect(stored).not.toHaveProperty(field);
    expect(stored?.signaturesId).toBe(signaturesIdOf(student.id, studentSignature, SIGNATURE));
    expect(JSON.stringify(stored).length).toBeLessThan(2000);

    const record = await SessionSignaturesModel.findById(stored!.signaturesId).lean();
    expect(record).toMatchObject({ studentId: student.id, studentSignature, supervisorSignature: SIGNATURE });
    expect(record?.studentSignaturePrint).toBe((await signatureForPrint(studentSignature)).toString('base64'));
    expect(record?.supervisorSignaturePrint).toBe((await signatureForPrint(SIGNATURE)).toString('base64'));

    const list = await http().get(`/api/driving-sessions/${student.id}`).set('Cookie', parent.cookie);
    expect(list.body[0]).not.toHaveProperty('studentSignature');
    const full = await http()
      .get(`/api/driving-sessions/${student.id}?include=signatures`)
      .set('Cookie', parent.cookie);
    expect(full.body[0]).toMatchObject({ id: res.body.id, studentSignature, supervisorSignature: SIGNATURE });
  });

  it('gives each session its own signatures, in the list, the PDF and the verification', async () => {
    const { parent, student } = await newFamily();
    const pairs = [1, 2, 3].map((seed) => [
      dataUrl(signaturePng(400, 150, seed)),
      dataUrl(signaturePng(300, 120, seed)),
    ]);
    const ids: number[] = [];
    for (const [i, [studentSignature, supervisorSignature]] of pairs.entries()) {
      const res = await http()
        .post('/api/driving-sessions')
        .set('Cookie', parent.cookie)
        .send(sessionBody(student.id, { date: `2026-03-0${i + 1}`, studentSignature, supervisorSignature }));
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
    expect(await signatureRecords(student.id)).toBe(3);
    const full = await http()
      .get(`/api/driving-sessions/${student.id}?include=signatures`)
      .set('Cookie', parent.cookie);
    for (const [i, id] of ids.entries()) {
      const shown = full.body.find((s: { id: number }) => s.id === id);
      expect([shown.studentSignature, shown.supervisorSignature]).toEqual(pairs[i]);
    }
    const pdf = await pdfOf(student.id, parent.cookie);
    expect(pdf.status).toBe(200);
    expect(imagesIn(pdf.body)).toBeGreaterThanOrEqual(6);
    expect(pdfText(pdf.body)).not.toContain('Signature unavailable');
    expect((await verification(student.id, parent.cookie)).body.intact).toBe(true);
  });

  it('still reads, prints and verifies sessions logged with their signatures inline', async () => {
    const { parent, student } = await newFamily();
    const inlineSignature = dataUrl(signaturePng(400, 150, 9));
    const { studentId: _s, ...fields } = sessionBody(student.id, {
      date: '2026-01-02',
      studentSignature: inlineSignature,
      supervisorName: 'Inline Supervisor',
    });
    const older = { _id: await nextId('driving_sessions'), studentId: student.id, ...fields, createdAt: new Date() };
    await DrivingSessionModel.collection.insertOne(older as never);
    const newer = await http()
      .post('/api/driving-sessions')
      .set('Cookie', parent.cookie)
      .send(sessionBody(student.id, { date: '2026-01-03' }));
    expect(newer.status).toBe(201);

    const full = await http()
      .get(`/api/driving-sessions/${student.id}?include=signatures`)
      .set('Cookie', parent.cookie);
    expect(full.body.map((s: { id: number }) => s.id)).toEqual([newer.body.id, older._id]);
    expect(full.body[1]).toMatchObject({ studentSignature: inlineSignature, supervisorSignature: SIGNATURE });
    expect(full.body[0]).toMatchObject({ studentSignature: SIGNATURE, supervisorSignature: SIGNATURE });

    const pdf = await pdfOf(student.id, parent.cookie);
    expect(imagesIn(pdf.body)).toBeGreaterThanOrEqual(4);
    expect(pdfText(pdf.body)).toContain('Inline Supervisor');
    expect(pdfText(pdf.body)).not.toContain('Signature unavailable');
    expect((await verification(student.id, parent.cookie)).body).toMatchObject({ intact: true, sessionCount: 2 });

    // The inline signature is sealed into the chain like any other: changing it shows.
    await DrivingSessionModel.collection.updateOne({ _id: older._id } as never, {
      $set: { studentSignature: SIGNATURE },
    });
    expect((await verification(student.id, parent.cookie)).body).toMatchObject({
      intact: false,
      brokenAt: { entry: 1, problem: 'changed' },
    });
  });

  it('logs the session once when a retry follows a crash between storing the signatures and the session', async () => {
    const { parent, student } = await newFamily();
    const body = sessionBody(student.id);
    // What a crash after the first write leaves behind: the signatures record and no session.
    await storeSignatures({
      _id: signaturesIdOf(student.id, body.studentSignature, body.supervisorSignature),
      studentId: student.id,
      studentSignature: body.studentSignature,
      supervisorSignature: body.supervisorSignature,
    });
    expect(await sessionCount(student.id)).toBe(0);
    const retry = await http().post('/api/driving-sessions').set('Cookie', parent.cookie).send(body);
    expect(retry.status).toBe(201);
    expect(retry.body.studentSignature).toBe(body.studentSignature);
    const again = await http().post('/api/driving-sessions').set('Cookie', parent.cookie).send(body);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: retry.body.id, studentSignature: body.studentSignature });
    expect(await sessionCount(student.id)).toBe(1);
    expect(await signatureRecords(student.id)).toBe(1);
    expect((await verification(student.id, parent.cookie)).body.intact).toBe(true);
  });

  it('stores one session and one signatures record for identical submissions arriving at once', async () => {
    const { parent, student } = await newFamily();
    const body = sessionBody(student.id, { studentSignature: dataUrl(signaturePng(400, 150, 5)) });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => http().post('/api/driving-sessions').set('Cookie', parent.cookie).send(body)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    for (const a of answers) expect(a.body.studentSignature).toBe(body.studentSignature);
    expect(await sessionCount(student.id)).toBe(1);
    expect(await signatureRecords(student.id)).toBe(1);
  });

  it('keeps every session of a burst from one family, each linked once, none lost', async () => {
    const { parent, student } = await newFamily();
    const bodies = Array.from({ length: 12 }, (_, i) =>
      sessionBody(student.id, { startSuburb: `Suburb ${i}`, clientId: crypto.randomUUID() }),
    );
    const answers = await Promise.all(
      bodies.map((b) => http().post('/api/driving-sessions').set('Cookie', parent.cookie).send(b)),
    );
    expect(answers.map((a) => a.status)).toEqual(bodies.map(() => 201));
    expect(await sessionCount(student.id)).toBe(12);
    const stored = await DrivingSessionModel.find({ studentId: student.id }).sort({ _id: 1 }).lean();
    expect(new Set(stored.map((s) => s.clientId))).toEqual(new Set(bodies.map((b) => b.clientId)));
    expect((await verification(student.id, parent.cookie)).body).toMatchObject({ intact: true, sessionCount: 12 });
  });

  it('says a session whose signatures went missing from the database was changed, and prints it without them', async () => {
    const { parent, student } = await newFamily();
    const res = await http().post('/api/driving-sessions').set('Cookie', parent.cookie).send(sessionBody(student.id));
    expect(res.status).toBe(201);
    await SessionSignaturesModel.collection.deleteMany({ studentId: student.id });
    expect((await verification(student.id, parent.cookie)).body).toMatchObject({
      intact: false,
      brokenAt: { entry: 1, problem: 'changed' },
    });
    const full = await http()
      .get(`/api/driving-sessions/${student.id}?include=signatures`)
      .set('Cookie', parent.cookie);
    expect(full.status).toBe(200);
    expect(full.body[0].id).toBe(res.body.id);
    expect(full.body[0].studentSignature).toBeUndefined();
    const pdf = await pdfOf(student.id, parent.cookie);
    expect(pdf.status).toBe(200);
    expect(pdfText(pdf.body)).toContain('Signature unavailable');
  });
});
