import request from 'supertest';
import { z } from 'zod';
import { declareRoutes, noContent } from '@logbook/contracts/api-routes';
import { API_ERRORS } from '@logbook/contracts/messages';
import { studentsApi } from '@logbook/contracts/students-api';
import { createServiceApp } from '@logbook/service-kit/app';
import { parentOf } from '@logbook/service-kit/auth';
import { declaredRouter } from '@logbook/service-kit/declared';
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
        noContent: true,
        answer: noContent,
      },
      'GET /api/things/count': { summary: 'How many', caller: 'anyone', answer: z.object({ count: z.number() }) },
    });
    const { router, route } = declaredRouter(things);
    route('POST /api/things', async ({ res, body }) => ({ name: body.name, owner: parentOf(res).userId }));
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
});
