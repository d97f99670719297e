import { MATRIX, cellOrder } from './matrix';
import { serviceRoutes } from './routes';
import { call, endWorld, makeWorld, snapshot, type World } from './world';

const { serviceFor } = require('../../gateway/src/routes') as typeof import('../../gateway/src/routes');

describe('the authorisation matrix covers every route', () => {
  const declared = serviceRoutes();

  it('has an entry for every route a service answers', () => {
    const missing = declared.filter((r) => !MATRIX.some((m) => m.method === r.method && m.route === r.path));
    expect(missing).toEqual([]);
  });

  it('has no entry for a route no service answers, and the gateway sends each to its service', () => {
    for (const m of MATRIX) {
      const owner = declared.find((r) => r.method === m.method && r.path === m.route);
      expect({ route: `${m.method} ${m.route}`, known: Boolean(owner) }).toEqual({
        route: `${m.method} ${m.route}`,
        known: true,
      });
      const concrete = m.route.replace(/:[A-Za-z]+/g, '7');
      expect({ route: m.route, service: serviceFor(concrete) }).toEqual({ route: m.route, service: owner!.service });
    }
  });
});

describe('every /api route × every role', () => {
  let world: World;
  const seen: Array<{ cell: string; status: number; text: string }> = [];

  beforeAll(async () => {
    world = await makeWorld();
  }, 240_000);
  afterAll(() => endWorld(world));

  it("lists none of one family's students to another", async () => {
    const b = await call(world.stack.url, 'GET', '/api/students', { cookie: world.cookies.parentB });
    const a = await call(world.stack.url, 'GET', '/api/students', { cookie: world.cookies.parentA });
    expect(b.json.map((s: { id: number }) => s.id)).toEqual([world.ids.B1]);
    expect(a.json.map((s: { id: number }) => s.id).sort()).toEqual(
      [world.ids.A1, world.ids.A2, world.ids.A3, world.ids.A4, world.ids.A5].sort(),
    );
  });

  const ordered = [...MATRIX.filter((m) => !m.endsSession), ...MATRIX.filter((m) => m.endsSession)];
  it.each(ordered.map((m) => [`${m.method} ${m.route}`, m] as const))('%s', async (_name, entry) => {
    const problems: string[] = [];
    // The public signing routes share one allowance per address (30 calls a minute), which six routes × six roles
    // from one address would pass: each route starts with it whole.
    if (/^\/api\/sign(ing|-off)\//.test(entry.route)) {
      await world.db.collection('verification_limits').deleteMany({ _id: { $regex: '^sign-off:ip:' } } as never);
    }
    for (const role of cellOrder(entry)) {
      const expected = entry.expect[role];
      const refused = expected >= 400;
      const before = refused && entry.method !== 'GET' ? await snapshot(world.db) : undefined;
      const res = await call(world.stack.url, entry.method, entry.url(world, role), {
        cookie: world.cookies[role] || undefined,
        body: entry.body?.(world, role),
      });
      seen.push({ cell: `${entry.method} ${entry.route} as ${role}`, status: res.status, text: res.text });
      if (res.status !== expected)
        problems.push(`${role}: expected ${expected}, got ${res.status} ${res.text.slice(0, 120)}`);
      if (refused && !(res.json && typeof res.json.message === 'string'))
        problems.push(`${role}: refusal without a { message } body`);
      if (before !== undefined && (await snapshot(world.db)) !== before)
        problems.push(`${role}: a refused call changed stored data`);
    }
    expect(problems).toEqual([]);
  });

  it('never answers with a password or a password hash', () => {
    expect(seen.length).toBeGreaterThan(MATRIX.length * 5);
    const leaks = seen.filter((s) => /\$2[aby]\$\d\d\$/.test(s.text) || /"(studentP|p)assword"\s*:/.test(s.text));
    expect(leaks.map((l) => l.cell)).toEqual([]);
  });
});
