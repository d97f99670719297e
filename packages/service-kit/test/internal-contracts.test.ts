import crypto from 'node:crypto';
import http from 'node:http';
import express from 'express';
import request from 'supertest';
import { internalUserSchema, statusOnlySchema } from '@logbook/contracts/internal-api';
import { errorHandler } from '@logbook/service-kit/errors';
import {
  callInternal,
  configureInternal,
  eventsRouter,
  internalHeaders,
  setServiceUrls,
  type TopicEvent,
} from '@logbook/service-kit/internal';

/** A stand-in owner answering each route as the test says. */
function owner(answers: Record<string, { status: number; body?: unknown }>) {
  const app = express();
  app.use((req, res) => {
    const answer = answers[req.path] ?? { status: 404, body: { message: 'Not found' } };
    if (answer.body === undefined) res.status(answer.status).end();
    else res.status(answer.status).json(answer.body);
  });
  return app;
}

const servers: http.Server[] = [];

/** Serves a stand-in owner on a free port, as a peer service is reached. */
async function serve(app: express.Express): Promise<string> {
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

beforeAll(() => configureInternal({ secret: crypto.randomBytes(32).toString('hex') }));
afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

describe('callInternal reads every answer by its contract', () => {
  it("answers the owner's reply as the contract reads it, and a refusal unread", async () => {
    const auth = await serve(
      owner({
        '/internal/users/4': { status: 200, body: { id: 4, email: 'a@b.test', createdAt: '2026-01-01T00:00:00Z' } },
        '/internal/users/5': { status: 200, body: { id: 5, email: 7 } },
      }),
    );
    setServiceUrls({ auth });
    const good = await callInternal(internalUserSchema, 'auth', 'GET', '/internal/users/4');
    expect(good).toEqual({
      ok: true,
      status: 200,
      body: { id: 4, email: 'a@b.test', createdAt: '2026-01-01T00:00:00Z' },
    });
    const missing = await callInternal(internalUserSchema, 'auth', 'GET', '/internal/users/6');
    expect(missing).toMatchObject({ ok: false, status: 404 });
    // A success that is not what the contract says is no answer to act on: "unavailable", never a guess.
    await expect(callInternal(internalUserSchema, 'auth', 'GET', '/internal/users/5')).rejects.toMatchObject({
      status: 503,
    });
    await expect(callInternal(statusOnlySchema, 'auth', 'GET', '/internal/users/5')).resolves.toMatchObject({
      ok: true,
    });
  });
});

describe("the event router reads each topic's data by its contract", () => {
  const applied: Array<TopicEvent<'student-login'>> = [];
  const app = express()
    .use(express.json())
    .use(
      eventsRouter({
        'student-login': async (event) => {
          applied.push(event);
        },
      }),
    )
    .use(errorHandler);
  const send = (event: object) => request(app).post('/internal/events').set(internalHeaders()).send(event);

  it('applies data that keeps the contract, refuses data that does not (400), and topics it does not take (404)', async () => {
    expect((await send({ topic: 'student-login', key: 3, version: 2, data: { loginVersion: 2 } })).status).toBe(204);
    expect(applied).toEqual([{ topic: 'student-login', key: 3, version: 2, data: { loginVersion: 2 } }]);
    expect((await send({ topic: 'student-login', key: 3, version: 3, data: { loginVersion: 'two' } })).status).toBe(
      400,
    );
    expect(
      (await send({ topic: 'subscription', key: 3, version: 1, data: { userId: 1, status: 'active' } })).status,
    ).toBe(404);
    expect(applied).toHaveLength(1);
  });
});
