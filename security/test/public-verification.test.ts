import crypto from 'node:crypto';
import { PNG } from 'pngjs';
import { todayInTimeZone } from '@logbook/contracts/dates';
import { API_ERRORS, VALIDATION } from '@logbook/contracts/messages';
import { call, endWorld, makeWorld, sessionBody, snapshot, type World } from './world';

let world: World;
beforeAll(async () => {
  world = await makeWorld();
}, 240_000);
afterAll(() => endWorld(world));

/** Noise no compressor can shrink: a signature close to the 200 KB allowed, different every time. */
function largeSignature(): string {
  const png = new PNG({ width: 220, height: 220 });
  crypto.randomFillSync(png.data);
  return `data:image/png;base64,${PNG.sync.write(png).toString('base64')}`;
}

const SESSIONS = 12;
/** The sessions of A1 the shared world logs before this test's own. */
const WORLD_SESSIONS = 4;

describe('public verification through the gateway', () => {
  let code: string;
  beforeAll(async () => {
    const { parentA } = world.cookies;
    for (let i = 0; i < SESSIONS; i++) {
      const logged = await call(world.stack.url, 'POST', '/api/driving-sessions', {
        cookie: parentA,
        body: sessionBody(world.ids.A1, {
          date: `2026-02-${String(1 + i).padStart(2, '0')}`,
          studentSignature: largeSignature(),
          supervisorSignature: largeSignature(),
        }),
      });
      if (logged.status !== 201) throw new Error(`session ${logged.status} ${logged.text}`);
    }
    const own = await call(world.stack.url, 'GET', `/api/driving-sessions/${world.ids.A1}/verification`, {
      cookie: parentA,
    });
    code = own.json.code;
  }, 240_000);

  it('hashes a log of large signatures once for ten anonymous checks at once, beside the parent’s list', async () => {
    const base = world.stack.url;
    const [checks, lists] = await Promise.all([
      Promise.all(Array.from({ length: 10 }, () => call(base, 'GET', `/api/verify/${code}`))),
      Promise.all(
        Array.from({ length: 3 }, () =>
          call(base, 'GET', `/api/driving-sessions/${world.ids.A1}`, { cookie: world.cookies.parentA }),
        ),
      ),
    ]);
    expect(checks.map((c) => c.status)).toEqual(Array(10).fill(200));
    for (const check of checks)
      expect(check.json).toMatchObject({ intact: true, sessionCount: SESSIONS + WORLD_SESSIONS });
    // Each check says when the chain was hashed: one moment for all ten means it was hashed once.
    expect(new Set(checks.map((c) => c.json.checkedAt)).size).toBe(1);
    expect(lists.map((l) => l.status)).toEqual([200, 200, 200]);
    expect(lists[0].json).toHaveLength(SESSIONS + WORLD_SESSIONS);
  });
});

describe('a session post looks at its signatures only for a caller who may log it', () => {
  const damaged = () => {
    const bytes = Buffer.from(largeSignature().slice('data:image/png;base64,'.length), 'base64');
    bytes[bytes.length - 20] ^= 0xff;
    return `data:image/png;base64,${bytes.toString('base64')}`;
  };
  const tooLarge = () => {
    const png = new PNG({ width: 300, height: 300 });
    crypto.randomFillSync(png.data);
    return `data:image/png;base64,${PNG.sync.write(png).toString('base64')}`;
  };

  it('answers a stranger 404, not a word about the images, and changes nothing', async () => {
    const before = await snapshot(world.db);
    for (const signatures of [{ studentSignature: tooLarge() }, { supervisorSignature: damaged() }]) {
      const res = await call(world.stack.url, 'POST', '/api/driving-sessions', {
        cookie: world.cookies.parentB,
        body: sessionBody(world.ids.A1, signatures),
      });
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ message: API_ERRORS.studentNotFound });
    }
    expect(await snapshot(world.db)).toBe(before);
  });

  it('answers a student without a subscription with the subscription, not the image', async () => {
    const made = await call(world.stack.url, 'POST', '/api/students', {
      cookie: world.cookies.parentA,
      body: { firstName: 'Una', lastName: 'Subscribed', dateOfBirth: '2009-05-01' },
    });
    expect(made.status).toBe(201);
    const before = await snapshot(world.db);
    const res = await call(world.stack.url, 'POST', '/api/driving-sessions', {
      cookie: world.cookies.parentA,
      body: sessionBody(made.json.id, { studentSignature: tooLarge() }),
    });
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ message: API_ERRORS.subscriptionRequired });
    expect(await snapshot(world.db)).toBe(before);
  });
});

describe('a session’s date', () => {
  it('is refused after today in Adelaide or before the student was born, with the form’s words, and nothing is stored', async () => {
    const before = await snapshot(world.db);
    const adelaideToday = todayInTimeZone('Australia/Adelaide')!;
    const adelaideTomorrow = new Date(Date.parse(`${adelaideToday}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    for (const [date, message, timeZone] of [
      [adelaideTomorrow, VALIDATION.dateInFuture, undefined],
      // A zone the server does not know counts as none: Adelaide's day holds.
      [adelaideTomorrow, VALIDATION.dateInFuture, 'Pacific/Nowhere'],
      ['2099-12-31', VALIDATION.dateInFuture, 'Pacific/Kiritimati'],
      ['1900-01-01', VALIDATION.dateBeforeBirth, undefined],
      ['2009-04-30', VALIDATION.dateBeforeBirth, undefined],
    ]) {
      const res = await call(world.stack.url, 'POST', '/api/driving-sessions', {
        cookie: world.cookies.parentA,
        body: sessionBody(world.ids.A1, { date, timeZone }),
      });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ message });
    }
    expect(await snapshot(world.db)).toBe(before);
  });
});
