// Shared pieces of the benchmarks: a cookie-keeping API client, realistic signatures and seeded data.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { PNG } from 'pngjs';
import { ROOT } from '../scripts/paths.mjs';

/** A signature like the pad makes: 400x150 at a pixel ratio of 2, black strokes of width 2 on white. */
export function signaturePng(seed = 1) {
  const width = 800;
  const height = 300;
  const png = new PNG({ width, height });
  png.data.fill(255);
  const dot = (x, y) => {
    for (let dx = -2; dx <= 2; dx++)
      for (let dy = -2; dy <= 2; dy++) {
        const px = Math.round(x + dx);
        const py = Math.round(y + dy);
        if (px < 0 || py < 0 || px >= width || py >= height) continue;
        const i = (py * width + px) * 4;
        png.data[i] = png.data[i + 1] = png.data[i + 2] = dx * dx + dy * dy > 4 ? 120 : 0;
      }
  };
  for (let t = 0; t < 1; t += 0.0004) {
    const x = 60 + t * 680;
    const y = 150 + Math.sin(t * 18 + seed) * 70 * Math.cos(t * 5 + seed / 3) + Math.sin(t * 61 + seed) * 12;
    dot(x, y);
  }
  const buffer = PNG.sync.write(png);
  return `data:image/png;base64,${buffer.toString('base64')}`;
}

/**
 * The same drawing made unique, as every real signature is (no two strokes are alike): a text chunk with a serial
 * number after the header. Storage that deduplicates identical images must not look faster here than it is.
 */
export function uniqueSignature(dataUrl, serial) {
  const png = Buffer.from(dataUrl.slice('data:image/png;base64,'.length), 'base64');
  const data = Buffer.from(`Comment\0${serial}`, 'latin1');
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write('tEXt', 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(data, zlib.crc32('tEXt')) >>> 0, 0);
  const afterHeader = 8 + 25; // signature, then the IHDR chunk
  const out = Buffer.concat([png.subarray(0, afterHeader), head, data, crc, png.subarray(afterHeader)]);
  return `data:image/png;base64,${out.toString('base64')}`;
}

export class Client {
  constructor(base) {
    this.base = base;
    this.cookies = new Map();
  }
  get cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  async call(method, path, body) {
    const res = await fetch(this.base + path, {
      method,
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), cookie: this.cookieHeader },
      body: body ? JSON.stringify(body) : undefined,
    });
    for (const c of res.headers.getSetCookie?.() ?? []) {
      const [pair] = c.split(';');
      const [k, v] = pair.split('=');
      if (v) this.cookies.set(k, v);
      else this.cookies.delete(k);
    }
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} → ${res.status}: ${text.slice(0, 200)}`);
    return text ? JSON.parse(text) : undefined;
  }
}

/** A parent with one active student, signed in. */
export async function parentWithActiveStudent(base, label) {
  const client = new Client(base);
  const email = `${label}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  await client.call('POST', '/api/register', { email, password: 'benchmark-pass' });
  await client.call('POST', '/api/login', { email, password: 'benchmark-pass' });
  const student = await client.call('POST', '/api/students', {
    firstName: 'Alex',
    lastName: 'Learner',
    dateOfBirth: '2009-04-12',
    licenseNumber: 'L1234567',
  });
  const sub = await client.call('POST', '/api/create-subscription', { studentId: student.id });
  await client.call('POST', '/api/billing/simulate/confirm', { clientSecret: sub.clientSecret });
  return { client, email, student };
}

const pad = (n) => String(n).padStart(2, '0');
export function sessionBody(studentId, i, signatures) {
  // Back from New Year's Day 2026, one day each: a session is never dated after today.
  const day = new Date(Date.UTC(2026, 0, 1) - i * 86_400_000);
  const start = 6 + (i % 12);
  return {
    studentId,
    date: `${day.getUTCFullYear()}-${pad(day.getUTCMonth() + 1)}-${pad(day.getUTCDate())}`,
    startTime: `${pad(start)}:00`,
    endTime: `${pad(start + 1)}:30`,
    duration: '1.5 hours',
    startSuburb: 'Norwood',
    endSuburb: 'Glenelg',
    timeOfDay: i % 4 === 0 ? 'night' : 'day',
    trafficConditions: ['light', 'medium', 'heavy'][i % 3],
    roadConditions: ['sealed', 'unsealed', 'quiet-streets', 'busy-road', 'multi-laned'][i % 5],
    studentSignature: uniqueSignature(signatures[0], `${studentId}-${i}-s`),
    supervisorName: 'Pat Supervisor',
    supervisorLicenseNumber: 'SA998877',
    supervisorSignature: uniqueSignature(signatures[1], `${studentId}-${i}-v`),
    clientId: crypto.randomUUID(),
  };
}

export async function seedSessions(client, studentId, count, signatures, concurrency = 8) {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      await client.call('POST', '/api/driving-sessions', sessionBody(studentId, i, signatures));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/**
 * A parent with an active student who has `sessions` sessions and a login of their own: the parent's client and the
 * student's (`learner`), both signed in. `label` names the accounts.
 */
export async function familyWithLearner(base, label, sessions) {
  const { client, student } = await parentWithActiveStudent(base, label);
  await seedSessions(client, student.id, sessions, [signaturePng(7), signaturePng(8)], 4);
  const studentUsername = `${label}.${student.id}.${Date.now() % 100000}`;
  const studentPassword = 'benchmark-learner';
  await client.call('POST', `/api/students/${student.id}/create-login`, { studentUsername, studentPassword });
  const learner = new Client(base);
  const signIn = () => learner.call('POST', '/api/student-login', { studentUsername, studentPassword });
  // The login reaches the sign-in service as an event: a moment may pass before it can be used. The last try's
  // refusal, if it never can, is the error.
  if (!(await waitFor(() => signIn().then(() => true), { withinMs: 10_000, everyMs: 250 }))) await signIn();
  return { client, student, learner };
}

/** Asks `ready` every `everyMs` until it answers yes (a refusal counts as no) or `withinMs` pass: whether it did. */
export async function waitFor(ready, { withinMs, everyMs }) {
  const deadline = Date.now() + withinMs;
  for (;;) {
    if (await ready().catch(() => false)) return true;
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

export const round = (n, d = 1) => Math.round(n * 10 ** d) / 10 ** d;
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** One request, its answer read whole: the answer and the ms it took. */
export async function timed(url, init) {
  const started = performance.now();
  const res = await fetch(url, init);
  await res.arrayBuffer();
  return { ms: performance.now() - started, res };
}

/** An autocannon run, its progress kept off the console. */
export function cannon(opts) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(opts, (err, res) => (err ? reject(err) : resolve(res)));
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false });
  });
}

export function writeResults(file, text) {
  const dir = path.join(ROOT, 'bench/results');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, file), text);
}
