import request from 'supertest';
import { z } from 'zod';
import { declareRoutes, noContent } from '@logbook/contracts/api-routes';
import { API_ERRORS, VALIDATION } from '@logbook/contracts/messages';
import { studentsApi } from '@logbook/contracts/students-api';
import { createServiceApp } from '@logbook/service-kit/app';
import { parentOf } from '@logbook/service-kit/auth';
import { ANSWERED, declaredRouter } from '@logbook/service-kit/declared';
import { setupTestDatabase, teardownTestDatabase } from '@logbook/service-kit/testing';
import { routesOf } from '../../security/test/routes';
import { createApp, models } from '../src/app';
import { newParent } from './support';

beforeAll(() => setupTestDatabase(models));
afterAll(teardownTestDatabase);

describe('routes registered from their declarations', () => {
  it('refuses to register a route that is not declared', () => {
    const { route } = declaredRouter(studentsApi);
    const undeclared = 'GET /api/students/:id/secrets' as keyof typeof studentsApi;
    expect(() => route(undeclared, async () => [])).toThrow(
      'GET /api/students/:id/secrets is not declared: declare the route and its answers before registering it',
    );
    // A key of Object.prototype is no declaration either.
    expect(() => route('toString' as keyof typeof studentsApi, async () => [])).toThrow(/is not declared/);
  });

  it('svc-students mounts exactly the public routes it declares', () => {
    const mounted = routesOf(createApp())
      .filter((r) => r.path.startsWith('/api/'))
      .map((r) => `${r.method} ${r.path}`);
    expect(mounted.sort()).toEqual(Object.keys(studentsApi).sort());
  });

  it('takes the guard, the body and the success status from the declaration', async () => {
    const things = declareRoutes({
      'POST /api/things': {
        summary: 'Add a thing',
        caller: 'parent',
        body: z.object({ name: z.string().trim().min(1, 'Name the thing') }),
        status: 201,
        answer: z.object({ name: z.string(), owner: z.number() }),
      },
      'DELETE /api/things/:id': {
        summary: 'Remove a thing',
        caller: 'parent',
        status: 204,
        answer: noContent,
      },
      'GET /api/things/count': { summary: 'How many', caller: 'anyone', answer: z.object({ count: z.number() }) },
    });
    const { router, route } = declaredRouter(things);
    route('POST /api/things', async ({ res, body }) => ({ name: body.name, owner: parentOf(res).familyId }));
    const removedIds: number[] = [];
    route('DELETE /api/things/:id', async ({ ids }) => {
      removedIds.push(ids.id);
    });
    route('GET /api/things/count', async () => ({ count: 3 }));
    const app = createServiceApp({ name: 'declared-probe', routers: [router] });
    const parent = await newParent();

    expect((await request(app).post('/api/things').send({ name: 'Kettle' })).status).toBe(401);
    const unnamed = await request(app).post('/api/things').set('cookie', parent.cookie).send({ name: ' ' });
    expect(unnamed.status).toBe(400);
    expect(unnamed.body).toEqual({ message: 'Name the thing' });
    const added = await request(app).post('/api/things').set('cookie', parent.cookie).send({ name: ' Kettle ' });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({ name: 'Kettle', owner: parent.userId });
    const notAnId = await request(app).delete('/api/things/four').set('cookie', parent.cookie);
    expect(notAnId.status).toBe(400);
    expect(notAnId.body).toEqual({ message: API_ERRORS.invalidId });
    const removed = await request(app).delete('/api/things/4').set('cookie', parent.cookie);
    expect(removed.status).toBe(204);
    expect(removed.text).toBe('');
    expect(removedIds).toEqual([4]);
    const counted = await request(app).get('/api/things/count');
    expect(counted.status).toBe(200);
    expect(counted.body).toEqual({ count: 3 });
  });

  it("runs a route's own middleware after the guard, parses the query, and lets a handler answer itself", async () => {
    const things = declareRoutes({
      'GET /api/things': {
        summary: 'Things, by colour',
        caller: 'anyone',
        query: z.object({ colour: z.enum(['red', 'blue'], { error: 'Name a colour' }) }),
        answer: z.object({ colour: z.string() }),
      },
      'GET /api/things/:id/label': {
        summary: 'A label',
        caller: 'anyone',
        answer: { kind: 'binary', contentType: 'text/plain' },
      },
      'POST /api/things': {
        summary: 'Add a thing, or the same again',
        caller: 'anyone',
        body: z.object({ name: z.string({ error: 'Name the thing' }) }),
        status: 201,
        repeatAnswersOk: true,
        answer: z.object({ name: z.string() }),
      },
    });
    const seen: string[] = [];
    const { router, route } = declaredRouter(things, {
      'POST /api/things': [
        (req, _res, next) => {
          seen.push(`before ${typeof req.body}`);
          next();
        },
      ],
    });
    route('GET /api/things', async ({ query }) => ({ colour: query.colour }));
    route('GET /api/things/:id/label', async ({ res, ids }) => {
      res.type('text/plain').send(`thing ${ids.id}`);
      return ANSWERED;
    });
    route('POST /api/things', async ({ res, body }) => {
      seen.push(`handled ${body.name}`);
      if (body.name === 'Kettle') res.status(200);
      return { name: body.name };
    });
    const app = createServiceApp({ name: 'declared-probe', routers: [router] });

    expect((await request(app).get('/api/things?colour=green')).body).toEqual({ message: 'Name a colour' });
    expect((await request(app).get('/api/things?colour=red')).body).toEqual({ colour: 'red' });
    const label = await request(app).get('/api/things/7/label');
    expect(label.status).toBe(200);
    expect(label.text).toBe('thing 7');
    const list = await request(app)
      .post('/api/things')
      .send([{ name: 'Kettle' }]);
    expect(list.status).toBe(400);
    expect(list.body).toEqual({ message: VALIDATION.invalidInput });
    expect((await request(app).post('/api/things')).body).toEqual({ message: 'Name the thing' });
    expect((await request(app).post('/api/things').send({ name: 'Toaster' })).status).toBe(201);
    expect((await request(app).post('/api/things').send({ name: 'Kettle' })).status).toBe(200);
    expect(seen.filter((step) => step.startsWith('handled'))).toEqual(['handled Toaster', 'handled Kettle']);
    expect(seen.filter((step) => step.startsWith('before'))).toHaveLength(4);
  });
});
