import fc from 'fast-check';
import { MATRIX } from './matrix';
import { call, endWorld, makeWorld, sessionBody, snapshot, type World } from './world';

let world: World;
beforeAll(async () => {
  world = await makeWorld();
}, 240_000);
afterAll(() => endWorld(world));

const HOSTILE_VALUES: unknown[] = [
  { $gt: '' },
  { $ne: null },
  { $where: 'sleep(1000)' },
  ['a', 'b'],
  12345,
  true,
  null,
  'x'.repeat(100_000),
  '\u0000\u0007\u001b[31m\u202e',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 🚗 ',
];

/** The routes that take a body, each with the caller whose call would succeed with the right data. */
const bodyRoutes = MATRIX.filter((m) => m.body && !m.endsSession && m.route !== '/api/stripe/webhook').map((m) => ({
  entry: m,
  role: m.expect.parentA < 400 || m.expect.parentA === 409 ? ('parentA' as const) : ('studentA1' as const),
}));

describe('hostile values in place of each field', () => {
  it.each(bodyRoutes.map((r) => [`${r.entry.method} ${r.entry.route}`, r] as const))(
    '%s',
    async (_n, { entry, role }) => {
      const valid = entry.body!(world, role) as Record<string, unknown>;
      const problems: string[] = [];
      for (const field of Object.keys(valid)) {
        for (const value of HOSTILE_VALUES) {
          // Plain text (unicode, control characters) may legitimately be accepted as text; everything else must be refused.
          const textual = typeof value === 'string' && value.length < 1000;
          // A yes-or-no field takes a yes or a no.
          const ownKind = typeof value === 'boolean' && typeof valid[field] === 'boolean';
          const before = await snapshot(world.db);
          const res = await call(world.stack.url, entry.method, entry.url(world, role), {
            cookie: world.cookies[role],
            body: { ...(entry.body!(world, role) as object), [field]: value },
          });
          const label = `${field}=${JSON.stringify(value).slice(0, 30)}`;
          if (res.status >= 500) problems.push(`${label}: ${res.status}`);
          if (!textual && !ownKind && res.status < 400 && field !== 'note')
            problems.push(`${label}: accepted with ${res.status}`);
          if (res.status >= 400) {
            if (typeof res.json?.message !== 'string') problems.push(`${label}: no { message }`);
            if ((await snapshot(world.db)) !== before) problems.push(`${label}: refused but data changed`);
          }
        }
      }
      expect(problems).toEqual([]);
    },
  );
});

describe('malformed and oversized bodies', () => {
  it('answers malformed JSON with a 400 JSON message', async () => {
    for (const raw of ['{"email":', '[1,2', 'not json', '{"a":1}}']) {
      const res = await call(world.stack.url, 'POST', '/api/students', { cookie: world.cookies.parentA, raw });
      expect(res.status).toBe(400);
      expect(res.json.message).toEqual(expect.any(String));
    }
  });

  it('refuses a 10 MB body with 413 and writes nothing', async () => {
    const before = await snapshot(world.db);
    const huge = JSON.stringify(sessionBody(world.ids.A1, { supervisorName: 'x'.repeat(10 * 1024 * 1024) }));
    for (const path of ['/api/driving-sessions', '/api/students', '/api/register']) {
      const res = await call(world.stack.url, 'POST', path, { cookie: world.cookies.parentA, raw: huge });
      expect(res.status).toBe(413);
      expect(res.json.message).toEqual(expect.any(String));
    }
    expect(await snapshot(world.db)).toBe(before);
  });

  it('refuses impossible dates, bad times and signatures that are not small PNGs', async () => {
    const before = await snapshot(world.db);
    const bigPng = `data:image/png;base64,${Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), Buffer.alloc(300 * 1024)]).toString('base64')}`;
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ date: '2026-02-30' }, /date/i],
      [{ date: '2026-13-01' }, /date/i],
      [{ startTime: '25:00' }, /time/i],
      [{ studentSignature: 'data:image/jpeg;base64,/9j/4AAQ' }, /signature/i],
      [{ supervisorSignature: 'data:image/png;base64,SGVsbG8gd29ybGQ=' }, /signature/i],
      [{ studentSignature: bigPng }, /signature/i],
      [{ duration: '9.0 hours' }, /duration/i],
      [{ coordinates: { latitude: 91, longitude: 138.6 } }, /latitude/i],
      [{ coordinates: { latitude: -34.9, longitude: '138.6' } }, /longitude/i],
      [{ coordinates: 'Norwood' }, /coordinates/i],
    ];
    for (const [change, message] of cases) {
      const res = await call(world.stack.url, 'POST', '/api/driving-sessions', {
        cookie: world.cookies.parentA,
        body: sessionBody(world.ids.A1, change),
      });
      expect({ change: Object.keys(change)[0], status: res.status }).toEqual({
        change: Object.keys(change)[0],
        status: 400,
      });
      expect(res.json.message).toMatch(message);
    }
    const dob = await call(world.stack.url, 'POST', '/api/students', {
      cookie: world.cookies.parentA,
      body: { firstName: 'A', lastName: 'B', dateOfBirth: '2010-02-30' },
    });
    expect(dob.status).toBe(400);
    expect(await snapshot(world.db)).toBe(before);
  });

  it('stores script tags in names as plain text and returns them unchanged', async () => {
    const name = '<script>alert("x")</script><img src=x onerror=alert(1)>';
    const made = await call(world.stack.url, 'POST', '/api/students', {
      cookie: world.cookies.parentA,
      body: { firstName: name, lastName: 'Learner', dateOfBirth: '2010-01-01' },
    });
    expect(made.status).toBe(201);
    const read = await call(world.stack.url, 'GET', `/api/students/${made.json.id}`, { cookie: world.cookies.parentA });
    expect(read.json.firstName).toBe(name);
    expect(read.headers.get('content-type')).toMatch(/application\/json/);
  });
});

describe('generated payloads never cause a 5xx or a partial write', () => {
  const text = fc.oneof(
    fc.string(),
    fc.string({ minLength: 1, maxLength: 3 }),
    fc.constant(''),
    fc.constant('Norwood'),
  );
  const anything = fc.oneof(
    text,
    fc.integer(),
    fc.constant(null),
    fc.boolean(),
    fc.array(fc.string(), { maxLength: 2 }),
    fc.dictionary(fc.constantFrom('$gt', '$ne', 'a'), fc.string(), { maxKeys: 1 }),
  );
  const maybe = <T>(arb: fc.Arbitrary<T>) =>
    fc.oneof({ weight: 3, arbitrary: arb }, { weight: 1, arbitrary: anything });

  const countOf = (name: string) => world.db.collection(name).countDocuments({});

  it('driving sessions', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          date: maybe(fc.constantFrom('2026-03-01', '2026-02-30', '2026-3-1', '')),
          startTime: maybe(fc.constantFrom('09:00', '23:30', '24:00', '9:00')),
          endTime: maybe(fc.constantFrom('10:30', '00:15', '09:00', 'noon')),
          timeOfDay: maybe(fc.constantFrom('day', 'night', 'dusk')),
          trafficConditions: maybe(fc.constantFrom('light', 'medium', 'heavy', 'jam')),
          roadConditions: maybe(fc.constantFrom('sealed', 'unsealed', 'quiet-streets', 'gravel')),
          startSuburb: maybe(text),
          supervisorName: maybe(text),
          coordinates: maybe(
            fc.record({
              latitude: maybe(fc.double({ min: -120, max: 120 })),
              longitude: maybe(fc.double({ min: -200, max: 200 })),
            }),
          ),
        }),
        async (changes) => {
          const body = sessionBody(world.ids.A1, changes);
          delete (body as Record<string, unknown>).duration;
          const before = await countOf('driving_sessions');
          const res = await call(world.stack.url, 'POST', '/api/driving-sessions', {
            cookie: world.cookies.parentA,
            body,
          });
          const after = await countOf('driving_sessions');
          expect(res.status).toBeLessThan(500);
          expect(after - before).toBe(res.status === 201 ? 1 : 0);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('students', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          firstName: maybe(text),
          lastName: maybe(text),
          dateOfBirth: maybe(fc.constantFrom('2009-01-01', '2009-02-30', '3000-01-01', '')),
          licenseNumber: maybe(text),
        }),
        async (body) => {
          const before = await countOf('students');
          const res = await call(world.stack.url, 'POST', '/api/students', { cookie: world.cookies.parentB, body });
          expect(res.status).toBeLessThan(500);
          expect((await countOf('students')) - before).toBe(res.status === 201 ? 1 : 0);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('settings', async () => {
    await fc.assert(
      fc.asyncProperty(
        maybe(fc.constantFrom('dayTimeTargetHours', 'nightTimeTargetHours', 'other')),
        maybe(fc.integer({ min: -5, max: 205 })),
        async (key, value) => {
          const before = await snapshot(world.db);
          const res = await call(world.stack.url, 'POST', '/api/settings', {
            cookie: world.cookies.parentB,
            body: { key, value },
          });
          expect(res.status).toBeLessThan(500);
          const keyValid = key === 'dayTimeTargetHours' || key === 'nightTimeTargetHours';
          const n =
            typeof value === 'number'
              ? value
              : typeof value === 'string' && /^\d{1,3}$/.test(value.trim())
                ? Number(value.trim())
                : NaN;
          const valid = keyValid && Number.isInteger(n) && n >= 0 && n <= 200;
          expect({ status: res.status < 400, valid }).toEqual({ status: valid, valid });
          if (res.status >= 400) expect(await snapshot(world.db)).toBe(before);
        },
      ),
      { numRuns: 40 },
    );
  });
});
