import request from 'supertest';
import { API_ERRORS } from '@logbook/contracts/messages';
import { closeGatewayApp, createGatewayApp } from '../src/app';
import { HEALTH_CACHE_MS } from '../src/health';
import { UpstreamPool } from '../src/upstreams';
import { closedPortUrl, startEcho, startSilent, testConfig, type Echo } from './support';

const started: Echo[] = [];
async function echo(name: string, opts: Parameters<typeof startEcho>[1] = {}) {
  const e = await startEcho(name, opts);
  started.push(e);
  return e;
}
afterAll(async () => {
  await Promise.all(started.map((e) => e.stop()));
});

function gatewayFor(auth: string[], overrides: Parameters<typeof testConfig>[0] = {}) {
  return createGatewayApp(testConfig({ ...overrides, upstreams: { ...testConfig().upstreams, auth } }));
}

describe('a service that is down, broken or slow', () => {
  it('answers 503 JSON at once for a stopped service', async () => {
    const app = gatewayFor([await closedPortUrl()]);
    for (const call of [request(app).get('/api/user'), request(app).post('/api/login').send({ email: 'a@b.co' })]) {
      const res = await call;
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ message: API_ERRORS.serviceUnavailable });
      expect(res.headers['cache-control']).toBe('no-store');
    }
    closeGatewayApp(app);
  });

  it('answers 502 JSON when the service drops the connection', async () => {
    const broken = await echo('broken', { reset: true });
    const app = gatewayFor([broken.url]);
    const res = await request(app).post('/api/login').send({ email: 'a@example.com' });
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ message: API_ERRORS.badGateway });
    closeGatewayApp(app);
  });

  it('answers 504 JSON when the service does not answer within the time-out', async () => {
    const slow = await echo('slow', { delayMs: 800 });
    const app = gatewayFor([slow.url], { upstreamTimeoutMs: 200 });
    const res = await request(app).get('/api/user');
    expect(res.status).toBe(504);
    expect(res.body).toEqual({ message: API_ERRORS.serviceTimeout });
    // A slow service is not a dead one: it stays in rotation.
    const fast = gatewayFor([slow.url], { upstreamTimeoutMs: 5000 });
    expect((await request(fast).get('/api/user')).body.service).toBe('slow');
    closeGatewayApp(app);
    closeGatewayApp(fast);
  });
  it('waits longer for billing, which answers a subscribe only once Stripe has', async () => {
    const billing = await echo('billing', { delayMs: 800 });
    const app = createGatewayApp(
      testConfig({
        upstreamTimeoutMs: 200,
        billingTimeoutMs: 5000,
        upstreams: { ...testConfig().upstreams, billing: [billing.url] },
      }),
    );
    const res = await request(app).post('/api/create-subscription').send({ studentId: 1 });
    expect(res.status).toBe(200);
    expect(res.body.service).toBe('billing');
    closeGatewayApp(app);
  });
});

describe('several instances of one service', () => {
  it('takes the instances in turn', async () => {
    const a = await echo('auth-a');
    const b = await echo('auth-b');
    const app = gatewayFor([a.url, b.url]);
    const answers: string[] = [];
    for (let i = 0; i < 6; i++) answers.push((await request(app).get('/api/user')).body.service);
    expect(answers).toEqual(['auth-a', 'auth-b', 'auth-a', 'auth-b', 'auth-a', 'auth-b']);
    closeGatewayApp(app);
  });

  it('keeps answering from the other instance when one stops, and takes it back when it returns', async () => {
    const a = await echo('auth-a');
    const b = await echo('auth-b');
    const app = gatewayFor([a.url, b.url]);
    expect((await request(app).get('/api/user')).body.service).toBe('auth-a');
    await b.stop();

    // Requests without a body are tried on the next instance; the stopped one is then passed over.
    for (let i = 0; i < 4; i++) {
      const res = await request(app).get('/api/user');
      expect(res.status).toBe(200);
      expect(res.body.service).toBe('auth-a');
    }
    for (let i = 0; i < 4; i++) {
      const res = await request(app)
        .post('/api/login')
        .send({ email: `p${i}@example.com`, password: 'secret1' });
      expect(res.status).toBe(200);
      expect(res.body.service).toBe('auth-a');
    }

    // Back on its port: the background probe puts it back into rotation.
    await b.start();
    await waitFor(async () => (await request(app).get('/api/user')).body.service === 'auth-b');
    const after: string[] = [];
    for (let i = 0; i < 4; i++) after.push((await request(app).get('/api/user')).body.service);
    expect(new Set(after)).toEqual(new Set(['auth-a', 'auth-b']));
    closeGatewayApp(app);
  });

  it('sends requests with a body only to instances known to be up once one has failed', async () => {
    const a = await echo('auth-a');
    const b = await echo('auth-b');
    const app = gatewayFor([a.url, b.url]);
    await b.stop();
    // The first request that meets the stopped instance finds out (a body cannot be sent twice) ...
    const first = [];
    for (let i = 0; i < 2; i++) first.push((await request(app).post('/api/login').send({ n: i })).status);
    expect(first.filter((s) => s === 503).length).toBeLessThanOrEqual(1);
    // ... and from then on, however long it stays down, nothing more is lost.
    for (let round = 0; round < 3; round++) {
      await new Promise((r) => setTimeout(r, 1000));
      for (let i = 0; i < 3; i++) {
        const res = await request(app).post('/api/login').send({ round, i });
        expect(res.status).toBe(200);
        expect(res.body.service).toBe('auth-a');
      }
    }
    closeGatewayApp(app);
  });

  it('answers 503 when every instance is down', async () => {
    const app = gatewayFor([await closedPortUrl(), await closedPortUrl()]);
    const res = await request(app).get('/api/user');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ message: API_ERRORS.serviceUnavailable });
    closeGatewayApp(app);
  });

  it('chooses instances in turn, never one already tried, and one that is down only as a last resort', () => {
    const pool = new UpstreamPool('auth', ['http://a', 'http://b', 'http://c']);
    const [a, b, c] = pool.members;
    expect([pool.pick(), pool.pick(), pool.pick(), pool.pick()]).toEqual([a, b, c, a]);
    pool.markDown(b);
    expect([pool.pick(), pool.pick(), pool.pick()]).toEqual([c, a, c]);
    expect(pool.pick(new Set([a, c]))).toBe(b);
    expect(pool.pick(new Set([a, b, c]))).toBeUndefined();
    pool.markUp(b);
    expect(pool.pick(new Set([a, c]))).toBe(b);
    pool.close();
  });

  it('probes an instance that is down and brings it back only once it accepts connections', async () => {
    const gone = await closedPortUrl();
    const alive = await echo('probe-target');
    const pool = new UpstreamPool('auth', [gone, alive.url], 50);
    const [dead, back] = pool.members;
    pool.markDown(dead);
    pool.markDown(back);
    await waitFor(() => !back.down);
    expect(dead.down).toBe(true);
    pool.close();
  });
});

/** Polls until the condition holds (at most 5 s). */
async function waitFor(condition: () => boolean | Promise<boolean>) {
  for (let i = 0; i < 100; i++) {
    if (await condition()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('condition not met in time');
}

describe('request size', () => {
  it('refuses a body over the limit by its Content-Length with 413 JSON, before any service sees it', async () => {
    const target = await echo('auth-size');
    const app = gatewayFor([target.url], { maxBodyBytes: 1000 });
    const res = await request(app)
      .post('/api/register')
      .set('content-type', 'application/json')
      .send(JSON.stringify({ email: 'x'.repeat(2000) }));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: API_ERRORS.bodyTooLarge });
    expect(target.seen).toHaveLength(0);
    const small = await request(app).post('/api/register').send({ email: 'a@example.com' });
    expect(small.status).toBe(200);
    closeGatewayApp(app);
  });

  it('lets a 1.5 MB body through with the default 2 MB limit', async () => {
    const target = await echo('auth-big');
    const app = gatewayFor([target.url]);
    const body = JSON.stringify({ blob: 'y'.repeat(1_500_000) });
    const res = await request(app).post('/api/register').set('content-type', 'application/json').send(body);
    expect(res.status).toBe(200);
    expect(target.seen.at(-1)!.body.length).toBe(body.length);
    const tooBig = await request(app)
      .post('/api/register')
      .set('content-type', 'application/json')
      .send(JSON.stringify({ blob: 'y'.repeat(2_200_000) }));
    expect(tooBig.status).toBe(413);
    closeGatewayApp(app);
  });
});

describe('GET /api/health', () => {
  it('reports ok when every service is ready', async () => {
    const up = await Promise.all(['auth', 'students', 'billing', 'logbook'].map((n) => echo(`h-${n}`)));
    const app = createGatewayApp(
      testConfig({
        upstreams: { auth: [up[0].url], students: [up[1].url], billing: [up[2].url], logbook: [up[3].url] },
      }),
    );
    const res = await request(app).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'ok',
      services: {
        auth: { status: 'ready', instances: 1, ready: 1 },
        students: { status: 'ready', instances: 1, ready: 1 },
        billing: { status: 'ready', instances: 1, ready: 1 },
        logbook: { status: 'ready', instances: 1, ready: 1 },
      },
    });
    closeGatewayApp(app);
  });

  it('asks each instance once per second, however many calls come, and again after that', async () => {
    const up = await Promise.all(['auth', 'students', 'billing', 'logbook'].map((n) => echo(`h3-${n}`)));
    const app = createGatewayApp(
      testConfig({
        upstreams: { auth: [up[0].url], students: [up[1].url], billing: [up[2].url], logbook: [up[3].url] },
      }),
    );
    const realNow = Date.now.bind(Date);
    let later = 0;
    const clock = jest.spyOn(Date, 'now').mockImplementation(() => realNow() + later);
    try {
      const answers = await Promise.all(Array.from({ length: 40 }, () => request(app).get('/api/health')));
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
      expect(answers.every((a) => a.body.status === 'ok')).toBe(true);
      expect(up.map((u) => u.readyAsked)).toEqual([1, 1, 1, 1]);
      later = HEALTH_CACHE_MS;
      expect((await request(app).get('/api/health')).status).toBe(200);
      expect(up.map((u) => u.readyAsked)).toEqual([2, 2, 2, 2]);
    } finally {
      clock.mockRestore();
      closeGatewayApp(app);
    }
  });

  it('names what is down: stopped, not ready, or too slow to say', async () => {
    const auth = await echo('h2-auth');
    const authSpare = await closedPortUrl();
    const notReady = await echo('h2-students', { readyStatus: 503 });
    // A /ready that never answers: the health check must not wait for it.
    const silent = await startSilent();
    const app = createGatewayApp(
      testConfig({
        healthTimeoutMs: 300,
        upstreams: {
          auth: [auth.url, authSpare],
          students: [notReady.url],
          billing: [await closedPortUrl()],
          logbook: [silent.url],
        },
      }),
    );
    const res = await request(app).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'degraded',
      services: {
        auth: { status: 'ready', instances: 2, ready: 1 },
        students: { status: 'unavailable', instances: 1, ready: 0 },
        billing: { status: 'unavailable', instances: 1, ready: 0 },
        logbook: { status: 'unavailable', instances: 1, ready: 0 },
      },
    });
    await silent.stop();
    closeGatewayApp(app);
  });
});
