import { z } from 'zod';
import { PARENT_COOKIE, PRODUCT_NAME, STUDENT_COOKIE } from '@logbook/contracts/constants';
import { errorResponseSchema, responseSchemas } from '@logbook/contracts/responses';
import { healthResponseSchema } from '../health';
import { serviceFor } from '../routes';
import { versionsResponseSchema } from '../versions';
import { operations, type Caller, type Operation } from './operations';

type JsonSchema = Record<string, unknown>;
type Answer = z.ZodType | { kind: 'binary'; contentType: string } | { kind: 'html' } | { kind: 'openapi' };

/** The gateway's own routes: everything else under /api is a service's. */
const GATEWAY_ROUTES: Record<string, Operation & { answer: Answer }> = {
  'GET /api/health': { summary: 'Whether every service is ready', caller: 'anyone', answer: healthResponseSchema },
  'GET /api/versions': {
    summary: 'Every running piece and its release; one that cannot be reached is marked',
    caller: 'anyone',
    answer: versionsResponseSchema,
  },
  'GET /api/openapi.json': { summary: 'This description', caller: 'anyone', answer: { kind: 'openapi' } },
  'GET /api/docs': { summary: 'This description, to read', caller: 'anyone', answer: { kind: 'html' } },
  'GET /api/docs/redoc.standalone.js': {
    summary: 'The reader of /api/docs',
    caller: 'anyone',
    answer: { kind: 'binary', contentType: 'text/javascript' },
  },
};

const SECURITY: Record<Caller, Array<Record<string, string[]>> | undefined> = {
  parent: [{ parentCookie: [] }],
  student: [{ studentCookie: [] }],
  'parent-or-student': [{ parentCookie: [] }, { studentCookie: [] }],
  anyone: undefined,
};

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
};

const error = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

function answerContent(answer: Answer) {
  if (answer instanceof z.ZodType) return { 'application/json': { schema: toSchema(answer, 'output') } };
  if (answer.kind === 'binary') return { [answer.contentType]: { schema: { type: 'string', format: 'binary' } } };
  if (answer.kind === 'html') return { 'text/html': { schema: { type: 'string' } } };
  return { 'application/json': { schema: { type: 'object' } } };
}

function operation(key: string, op: Operation, answer: Answer | undefined, service: string) {
  const [method, path] = key.split(' ');
  const params = [...path.matchAll(/:([A-Za-z]+)/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  const query = op.query
    ? Object.entries(toSchema(op.query, 'input').properties as Record<string, JsonSchema>).map(([name, schema]) => ({
        name,
        in: 'query',
        required: ((toSchema(op.query!, 'input').required as string[] | undefined) ?? []).includes(name),
        schema,
      }))
    : [];
  const status = String(op.status ?? 200);
  const responses: Record<string, unknown> = {
    [status]:
      op.noContent || !answer
        ? { description: op.noContent ? 'Done' : 'Done (no body described)' }
        : { description: 'Success', content: answerContent(answer) },
  };
  if (op.body || op.query || params.length) responses['400'] = error('The input is not valid: the reason, in words');
  if (op.caller !== 'anyone') responses['401'] = error('Not signed in');
  if (params.length && op.caller !== 'anyone') responses['404'] = error('Not found, or not the caller’s');
  if (service !== 'gateway') responses['503'] = error('The service is unavailable');
  const body = op.body
    ? { required: true, content: { 'application/json': { schema: toSchema(op.body, 'input') } } }
    : op.rawBody
      ? { required: true, description: op.rawBody, content: { 'application/json': { schema: { type: 'object' } } } }
      : undefined;
  return {
    method: method.toLowerCase(),
    path: path.replace(/:([A-Za-z]+)/g, '{$1}'),
    value: {
      operationId: `${method.toLowerCase()}${path
        .replace(/:([A-Za-z]+)/g, 'By-$1')
        .split(/[/-]/)
        .filter((w) => w && w !== 'api')
        .map((w) => w[0].toUpperCase() + w.slice(1))
        .join('')}`,
      summary: op.summary,
      tags: [service],
      ...(params.length || query.length ? { parameters: [...params, ...query] } : {}),
      ...(body ? { requestBody: body } : {}),
      responses,
      ...(SECURITY[op.caller] ? { security: SECURITY[op.caller] } : {}),
    },
  };
}

/** Every route of the public API, from the operations table and the answers in @logbook/contracts. */
export function apiRoutes(): string[] {
  return [...new Set([...Object.keys(operations), ...Object.keys(responseSchemas), ...Object.keys(GATEWAY_ROUTES)])];
}

/** The OpenAPI 3.1 description of the API, built from the zod schemas the services parse and answer with. */
export function buildOpenApiDocument(version = '1.0.0') {
  const paths: Record<string, Record<string, unknown>> = {};
  const answers = responseSchemas as Record<string, Answer>;
  for (const key of apiRoutes().sort()) {
    const own = GATEWAY_ROUTES[key];
    const op = own ?? operations[key] ?? { summary: key, caller: 'anyone' };
    const answer = own ? own.answer : answers[key];
    const service = own ? 'gateway' : `svc-${serviceFor(key.split(' ')[1]) ?? 'unknown'}`;
    const built = operation(key, op, answer, service);
    (paths[built.path] ??= {})[built.method] = built.value;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: `${PRODUCT_NAME} API`,
      version,
      description:
        'The API the front ends call, through the gateway. Generated from the zod schemas the services parse ' +
        'requests and build answers with: `npm run openapi` writes it to docs/openapi.json.',
    },
    servers: [{ url: '/' }],
    tags: ['svc-auth', 'svc-students', 'svc-billing', 'svc-logbook', 'gateway'].map((name) => ({ name })),
    paths,
    components: {
      schemas: { Error: toSchema(errorResponseSchema, 'output') },
      securitySchemes: {
        parentCookie: { type: 'apiKey', in: 'cookie', name: PARENT_COOKIE },
        studentCookie: { type: 'apiKey', in: 'cookie', name: STUDENT_COOKIE },
      },
    },
  };
}
