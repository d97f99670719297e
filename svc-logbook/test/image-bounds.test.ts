import zlib from 'node:zlib';
import { createAuthApp } from 'svc-auth/app';
import { VALIDATION } from '@logbook/contracts/messages';
import { servePeers } from '@logbook/service-kit/testing';
import { VerificationLimitModel } from '../src/chain/model';
import { DrivingSessionModel, SessionSignaturesModel } from '../src/sessions/model';
import { pngChunk, printableSignature } from '../src/sessions/print-signature';
import { MAX_FAILED_SEALS } from '../src/sign-off/links';
import { SignOffLinkModel } from '../src/sign-off/model';
import {
  SIGNATURE,
  cookieFor,
  dataUrl,
  http,
  sessionBody,
  useDatabase,
  familyWithAccount,
  entryAwaitingSigner,
} from './helpers';

// A low allowance for this file's families, read when the service first reads its configuration.
process.env.SESSION_POSTS_PER_HOUR = '12';

const ORIGIN = 'http://logbook.test';
useDatabase();
beforeAll(async () => {
  await servePeers({ auth: createAuthApp({ mail: { from: 'Logbook <hello@logbook.test>', publicOrigin: ORIGIN } }) });
});
beforeEach(async () => {
  await VerificationLimitModel.deleteMany({});
});

/**
 * A well-formed 1000x500 RGBA PNG, every checksum right, whose image data inflates to 200 MB instead of the 2 MB its
 * header declares: under the 200 KB a signature may be, and a hundred times what it unpacks to.
 */
function bombPng(width = 1000, height = 500): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 6;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(200_000_000), { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
const BOMB = dataUrl(bombPng());

/** The most memory the process held while `work` ran, above what it held before. */
async function peakGrowth(work: () => Promise<void>): Promise<number> {
  global.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sample = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  try {
    await work();
  } finally {
    clearInterval(sample);
  }
  return Math.max(peak, process.memoryUsage().rss) - baseline;
}

const MB = 1024 * 1024;

const family = familyWithAccount;

describe('signature images are decoded within bounds', () => {
  it('answers four bombs in a session at once with 400, memory within 64 MB of where it was, and stores nothing', async () => {
    const { parent, student } = await family();
    // Warm: the first session loads what every later one uses.
    expect(
      (await http().post('/api/driving-sessions').set('Cookie', parent.cookie).send(sessionBody(student.id))).status,
    ).toBe(201);
    const answers: number[] = [];
    const growth = await peakGrowth(async () => {
      const posts = [0, 1, 2, 3].map((i) =>
        http()
          .post('/api/driving-sessions')
          .set('Cookie', parent.cookie)
          .send(sessionBody(student.id, { startTime: `1${i}:00`, endTime: `1${i}:30`, studentSignature: BOMB })),
      );
      for (const res of await Promise.all(posts)) answers.push(res.status);
    });
    expect(answers).toEqual([400, 400, 400, 400]);
    expect(growth).toBeLessThan(64 * MB);
    expect(await DrivingSessionModel.countDocuments({ studentId: student.id })).toBe(1);
    expect(await SessionSignaturesModel.countDocuments({ studentId: student.id })).toBe(1);
  });

  it('refuses a bomb from a remote signer: the link stays as it was, and failed seals use up its attempts', async () => {
    const { parent, id, token } = await entryAwaitingSigner();
    const signing = {
      supervisorName: 'Pat Supervisor',
      supervisorLicenseNumber: 'SA123456',
      licenceState: 'SA',
      fullLicenceYear: 1998,
      supervisorSignature: BOMB,
    };

    const answers: number[] = [];
    const growth = await peakGrowth(async () => {
      const posts = [0, 1, 2, 3].map(() => http().post(`/api/sign-off/${token}`).send(signing));
      for (const res of await Promise.all(posts)) answers.push(res.status);
    });
    expect(growth).toBeLessThan(64 * MB);
    // Each either refused as a bad image, or (taken by another of the four at that moment) told the link is busy.
    expect(answers.filter((s) => s === 400).length).toBeGreaterThanOrEqual(1);
    expect(answers.every((s) => s === 400 || s === 404)).toBe(true);
    const link = await SignOffLinkModel.findOne({ sessionId: id }).lean();
    expect(link?.usedAt).toBeUndefined();
    expect(link?.failedSeals).toBe(answers.filter((s) => s === 400).length);
    expect((await http().get(`/api/sign-off/${token}`)).status).toBe(200);
    expect(await DrivingSessionModel.findById(id).lean()).toMatchObject({ status: 'awaiting' });

    // A few more failures and the link stops working; the entry still awaits, for a new link.
    for (let i = link!.failedSeals!; i < MAX_FAILED_SEALS; i++) {
      const res = await http().post(`/api/sign-off/${token}`).send(signing);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(VALIDATION.signatureInvalid);
    }
    expect((await http().get(`/api/sign-off/${token}`)).status).toBe(404);
    expect(
      (
        await http()
          .post(`/api/sign-off/${token}`)
          .send({ ...signing, supervisorSignature: SIGNATURE })
      ).status,
    ).toBe(404);
    expect(await DrivingSessionModel.findById(id).lean()).toMatchObject({ status: 'awaiting' });
    void parent;
  });
});

describe('a signature kept before print copies existed, printed into a PDF', () => {
  it('is decoded no further than a picture of the largest size taken, whatever size its header declares', async () => {
    // 20000x20000 would allow 1.6 GB: the bomb's 200 MB would unpack whole.
    const declaredHuge = bombPng(20_000, 20_000);
    let printed: Buffer | null | undefined;
    const growth = await peakGrowth(async () => {
      printed = await printableSignature(declaredHuge);
    });
    expect(printed).toBeNull();
    expect(growth).toBeLessThan(64 * MB);
  });
});

describe('session posts per family', () => {
  it('are limited per hour, answering 429 with Retry-After, counted across the parent and the learner', async () => {
    const { parent, student } = await family();
    const studentCookie = await cookieFor(student);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const cookie = i % 2 ? studentCookie : parent.cookie;
      const time = `${String(6 + i).padStart(2, '0')}:`;
      const res = await http()
        .post('/api/driving-sessions')
        .set('Cookie', cookie)
        .send(sessionBody(student.id, { startTime: `${time}00`, endTime: `${time}30` }));
      statuses.push(res.status);
    }
    expect(statuses.every((s) => s === 201)).toBe(true);
    const refused = await http()
      .post('/api/driving-sessions')
      .set('Cookie', studentCookie)
      .send(sessionBody(student.id, { startTime: '20:00', endTime: '20:30' }));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await DrivingSessionModel.countDocuments({ studentId: student.id })).toBe(12);

    // Another family is not held back.
    const other = await family();
    const theirs = await http()
      .post('/api/driving-sessions')
      .set('Cookie', other.parent.cookie)
      .send(sessionBody(other.student.id));
    expect(theirs.status).toBe(201);
  });
});
