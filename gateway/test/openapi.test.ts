import fs from 'node:fs';
import { serviceApi } from '@logbook/contracts/api-answers';
import type { RouteDeclaration } from '@logbook/contracts/api-routes';
import request from 'supertest';
import { closeGatewayApp, createGatewayApp } from '../src/app';
import { breakingChanges, unrecordedBreakingChanges } from '../src/openapi/breaking';
import { COMMITTED, sameDescription, serialise, validateDescription } from '../src/openapi/cli';
import { apiRoutes, buildOpenApiDocument } from '../src/openapi/document';
import { DOCS_CSP } from '../src/openapi/serve';
import { routesOf, serviceRoutes } from '../../security/test/routes';
import { buildBillingApp } from 'svc-billing/app';
import { loadBillingConfig } from 'svc-billing/config';
import { testConfig } from './support';

const doc = buildOpenApiDocument() as unknown as {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }> }>
  >;
};
const described = new Set(apiRoutes());
const operations: Record<string, RouteDeclaration> = serviceApi;
const gateway = createGatewayApp(testConfig());
afterAll(() => closeGatewayApp(gateway));

describe('the API description', () => {
  it('is committed as the code describes it (run `npm run openapi` after changing a route)', () => {
    const committed = fs.readFileSync(COMMITTED, 'utf8');
    expect(JSON.parse(committed)).toEqual(JSON.parse(serialise(doc)));
    expect(sameDescription(committed, doc)).toBe(true);
    // A description that differs from the code by one summary is not the same.
    const changed = JSON.parse(serialise(doc)) as typeof doc;
    (changed.paths['/api/user'].get as { summary?: string }).summary = 'Someone else';
    expect(sameDescription(committed, changed)).toBe(false);
  });

  it('is valid OpenAPI 3.1', () => {
    const result = validateDescription(doc);
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
    expect(result.version).toBe('3.1');
    // The validator can fail: a path without its responses is refused.
    const broken = JSON.parse(serialise(doc)) as typeof doc;
    delete (broken as { info?: unknown }).info;
    expect(validateDescription(broken).valid).toBe(false);
    expect((doc as unknown as { openapi: string }).openapi).toBe('3.1.0');
  });

  it('describes every /api route that the services and the gateway mount, and no other', () => {
    const mounted = new Set(
      [...serviceRoutes(), ...routesOf(gateway).filter((r) => r.path.startsWith('/api/'))].map(
        (r) => `${r.method} ${r.path}`,
      ),
    );
    expect(mounted.size).toBeGreaterThan(30);
    // The simulated payment provider's routes are mounted here (no Stripe key), never in production: not published.
    const unpublished = Object.keys(operations).filter((key) => operations[key].unpublished);
    expect(unpublished.sort()).toEqual([
      'POST /api/billing/simulate/confirm',
      'POST /api/billing/simulate/renewal-failure',
    ]);
    for (const key of unpublished) {
      expect(mounted.has(key)).toBe(true);
      expect(doc.paths[key.split(' ')[1]]).toBeUndefined();
    }
    expect([...mounted].filter((r) => !described.has(r) && !unpublished.includes(r)).sort()).toEqual([]);
    expect([...described].filter((r) => !mounted.has(r)).sort()).toEqual([]);
    // Every described service route is one the gateway's routing table passes on.
    const unrouted = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => (op as { tags?: string[] }).tags?.includes('svc-unknown'))
        .map(([m]) => `${m.toUpperCase()} ${p}`),
    );
    expect(unrouted).toEqual([]);
  });

  it('leaves out exactly the routes billing mounts only without Stripe, which production never does', () => {
    const withStripe = buildBillingApp(
      loadBillingConfig({
        NODE_ENV: 'test',
        STRIPE_SECRET_KEY: 'sk_test_description',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_description',
        STRIPE_WEBHOOK_SECRET: 'whsec_description',
      }),
    ).app;
    const asKey = (r: { method: string; path: string }) => `${r.method} ${r.path}`;
    const production = new Set(routesOf(withStripe).map(asKey));
    const simulatedOnly = serviceRoutes()
      .filter((r) => r.service === 'billing')
      .map(asKey)
      .filter((key) => !production.has(key))
      .sort();
    expect(simulatedOnly.length).toBeGreaterThan(0);
    expect(Object.keys(operations).filter((key) => operations[key].unpublished)).toEqual(simulatedOnly);
    expect(simulatedOnly.filter((key) => described.has(key))).toEqual([]);
  });

  it('says what each route answers: its success status, its body, its refusals and who may call it', () => {
    type Op = {
      security?: unknown[];
      requestBody?: unknown;
      responses: Record<string, { $ref?: string; headers?: Record<string, unknown> }>;
    };
    const ops = Object.entries(doc.paths).flatMap(([p, byMethod]) =>
      Object.entries(byMethod).map(([m, op]) => ({ key: `${m.toUpperCase()} ${p}`, op: op as unknown as Op })),
    );
    const op = (key: string) => ops.find((o) => o.key === key)!.op;
    // Created answers 201 (a repeated client id 200); a generated client must expect both.
    expect(Object.keys(op('POST /api/driving-sessions').responses)).toEqual(expect.arrayContaining(['200', '201']));
    expect(Object.keys(op('POST /api/supervisors').responses)).toContain('201');
    expect(Object.keys(op('POST /api/driving-sessions/{id}/correction').responses)).toContain('201');
    // Every write that reads a body declares it; these take none.
    const bodiless = [
      'POST /api/logout',
      'POST /api/student-logout',
      'DELETE /api/students/{id}',
      'DELETE /api/students/{id}/delete-login',
      'DELETE /api/supervisors/{id}',
      'DELETE /api/settings/targets',
      'POST /api/driving-sessions/{id}/sign-off/cancel',
      'POST /api/family/leave',
      'DELETE /api/family/guardians/{id}',
    ];
    const writes = ops.filter((o) => !o.key.startsWith('GET '));
    expect(writes.filter((o) => !o.op.requestBody).map((o) => o.key)).toEqual(expect.arrayContaining(bodiless));
    expect(writes.filter((o) => !o.op.requestBody && !bodiless.includes(o.key)).map((o) => o.key)).toEqual([]);
    // Public routes say so with an empty list; the others name a cookie.
    expect(ops.filter((o) => o.op.security === undefined).map((o) => o.key)).toEqual([]);
    expect(op('POST /api/login').security).toEqual([]);
    expect(op('GET /api/user').security).toEqual([{ parentCookie: [] }]);
    // Every operation has a refusal, and a browser write can be refused as cross-origin.
    expect(ops.filter((o) => !Object.keys(o.op.responses).some((s) => s.startsWith('4'))).map((o) => o.key)).toEqual(
      [],
    );
    expect(op('PUT /api/supervisors/{id}').responses['403']).toEqual({ $ref: '#/components/responses/Forbidden' });
    // The limited routes answer 429 with Retry-After; password checks can be refused for load with it too.
    const limited = [
      'POST /api/login',
      'POST /api/student-login',
      'POST /api/register',
      'POST /api/password-reset',
      'PUT /api/user/password',
      'DELETE /api/user',
      'POST /api/create-subscription',
      'GET /api/versions',
      'GET /api/verify/{code}',
      'GET /api/sign-off/{token}',
      'POST /api/sign-off/{token}',
      'POST /api/sign-off/{token}/decline',
      'POST /api/driving-sessions',
    ];
    for (const key of limited) expect([key, op(key).responses['429']]).toEqual([key, expect.anything()]);
    const components = (doc as unknown as { components: { responses: Record<string, Op['responses'][string]> } })
      .components.responses;
    expect(components.TooManyRequests.headers).toHaveProperty('Retry-After');
    expect(op('POST /api/login').responses['503']).toEqual({ $ref: '#/components/responses/Busy' });
    expect(components.Busy.headers).toHaveProperty('Retry-After');
  });

  it('carries the zod schemas: a student answer has the fields the contract gives it', () => {
    const schema = doc.paths['/api/students/{id}'].get.responses['200'].content!['application/json'].schema;
    expect(Object.keys(schema.properties as object)).toEqual(expect.arrayContaining(['id', 'firstName', 'lastName']));
  });
});

// The diff tool dereferences and compares every schema: seconds per comparison on a busy machine.
describe('the breaking-change check', () => {
  jest.setTimeout(120_000);
  const copy = () => JSON.parse(JSON.stringify(doc)) as typeof doc;

  it('finds nothing between the description and itself', async () => {
    expect(await breakingChanges(doc, doc)).toEqual([]);
  });

  it('fails on a removed response field unless docs/api-changes.md records it', async () => {
    const next = copy();
    const schema = next.paths['/api/user'].get.responses['200'].content!['application/json'].schema as {
      properties: Record<string, unknown>;
      required: string[];
    };
    delete schema.properties.email;
    schema.required = schema.required.filter((f) => f !== 'email');
    const found = await unrecordedBreakingChanges(doc, next, '# API changes\n');
    expect(found).toHaveLength(1);
    expect(found[0].id).toMatch(/paths\.\/api\/user\.get\.responses\.200/);
    const recorded = `## Intended breaking changes\n\n- \`${found[0].id}\` 2026-11-24: the email moved\n`;
    expect(await unrecordedBreakingChanges(doc, next, recorded)).toEqual([]);
  });

  it('fails on a removed route and on a new required input', async () => {
    const removed = copy();
    delete removed.paths['/api/settings'];
    expect((await breakingChanges(doc, removed)).map((c) => c.id)).toContain('path.remove paths./api/settings');

    const stricter = copy() as unknown as {
      paths: Record<
        string,
        Record<
          string,
          {
            requestBody: {
              content: Record<string, { schema: { required?: string[]; properties: Record<string, unknown> } }>;
            };
          }
        >
      >;
    };
    const body = stricter.paths['/api/login'].post.requestBody.content['application/json'].schema;
    body.properties.captcha = { type: 'string' };
    body.required = [...(body.required ?? []), 'captcha'];
    expect((await breakingChanges(doc, stricter as never)).length).toBeGreaterThan(0);
  });
});

describe('served by the gateway', () => {
  it('answers /api/openapi.json with the description', async () => {
    const res = await request(gateway).get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toEqual(JSON.parse(serialise(doc)));
  });

  it('answers /api/docs with a reader under a policy of its own', async () => {
    const page = await request(gateway).get('/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toBe(DOCS_CSP);
    expect(page.text).toContain('spec-url="/api/openapi.json"');
    const script = await request(gateway).get('/api/docs/redoc.standalone.js');
    expect(script.status).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.text.length).toBeGreaterThan(100_000);
    // The app's own pages keep the app's policy.
    const app = await request(gateway).get('/api/versions');
    expect(app.headers['content-security-policy']).not.toBe(DOCS_CSP);
  });
});
