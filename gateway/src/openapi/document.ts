import { z } from 'zod';
import { PARENT_COOKIE, PRODUCT_NAME, STUDENT_COOKIE } from '@logbook/contracts/constants';
import { serviceApi } from '@logbook/contracts/api-answers';
import { gatewayApi } from '@logbook/contracts/gateway-api';
import { noContent } from '@logbook/contracts/api-routes';
import type { Caller, Refusal, RouteDeclaration, RouteDescription } from '@logbook/contracts/api-routes';
import { errorResponseSchema } from '@logbook/contracts/responses';
import { serviceFor } from '../routes';

type JsonSchema = Record<string, unknown>;

const services: Record<string, RouteDeclaration> = serviceApi;
const gateway: Record<string, RouteDeclaration> = gatewayApi;

/** Either cookie for a route both may call; the empty list says a route is public. */
const SECURITY: Record<Caller, Array<Record<string, string[]>>> = {
  parent: [{ parentCookie: [] }],
  student: [{ studentCookie: [] }],
  'parent-or-student': [{ parentCookie: [] }, { studentCookie: [] }],
  anyone: [],
};

const TAGS = [
  { name: 'svc-auth', description: 'Parent accounts and sign-in, student sign-in, password reset, export and closing' },
  { name: 'svc-students', description: "A parent's students, their logins and the hours logged before the app" },
  { name: 'svc-billing', description: 'Subscriptions per student, the payment provider and its signed events' },
  { name: 'svc-logbook', description: 'Driving sessions, corrections, progress, the PDF, verification and settings' },
  { name: 'gateway', description: 'The gateway itself: health, the running versions and this description' },
];

const retryAfter = (required: boolean) => ({
  description: 'Seconds to wait before trying again',
  required,
  schema: { type: 'integer', minimum: 0 },
});
const message = (description: string, headers?: Record<string, unknown>) => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** The shared refusals: every one is `{ message }` in the product's words, as the services' error handler answers. */
const RESPONSES = {
  BadRequest: message('The input is not valid (or not readable JSON): the reason, in words'),
  Unauthorized: message('Not signed in, or the credentials do not match'),
  PaymentRequired: message('The payment provider declined the card'),
  Forbidden: message(
    'Refused: a write from another site (its Origin is not the app’s), or the caller may not do this ' +
      '(a student on what only a parent changes, a password that does not match, no subscription)',
  ),
  NotFound: message('Not found, or not the caller’s'),
  Conflict: message('Already there, or no longer in a state that allows it'),
  PayloadTooLarge: message('The body is larger than the API takes'),
  UnsupportedMediaType: message('The body is not JSON'),
  TooManyRequests: message('Too many attempts: try again after the seconds Retry-After gives', {
    'Retry-After': retryAfter(true),
  }),
  BadGateway: message('The service or the payment provider answered with an error'),
  ServiceUnavailable: message('The service, its database or a service it relies on is unavailable'),
  Busy: message(
    'Too many passwords are being checked to take this one in time (try again after Retry-After), or the service ' +
      'is unavailable',
    { 'Retry-After': retryAfter(false) },
  ),
  GatewayTimeout: message('The service did not answer in time'),
};
type Shared = keyof typeof RESPONSES;
const ref = (name: Shared) => ({ $ref: `#/components/responses/${name}` });

const OWN_REFUSALS: Record<Exclude<Refusal, 'busy'>, [string, Shared]> = {
  unauthorized: ['401', 'Unauthorized'],
  forbidden: ['403', 'Forbidden'],
  notFound: ['404', 'NotFound'],
  conflict: ['409', 'Conflict'],
  paymentRefused: ['402', 'PaymentRequired'],
  tooMany: ['429', 'TooManyRequests'],
};

/**
 * Every refusal the route can give: those of its kind (input, caller, writes, the gateway in front of a service) and
 * those of its own rules, in status order.
 */
function refusals(op: RouteDescription, method: string, params: Array<{ name: string }>, service: string) {
  const hasParams = params.length > 0;
  // An id in the path names something of the caller's: another's is not found.
  const ownedId = params.some((p) => /(^id|Id)$/.test(p.name));
  const write = method !== 'GET';
  const own = new Set(op.refuses ?? []);
  const out: Record<string, { $ref: string }> = {};
  if (write || op.query || hasParams) out['400'] = ref('BadRequest');
  if (op.caller !== 'anyone') out['401'] = ref('Unauthorized');
  // Writes are refused from another origin; Stripe's webhook is called by Stripe's servers, not a browser.
  if (write && !op.rawBody) out['403'] = ref('Forbidden');
  if (ownedId && op.caller !== 'anyone') out['404'] = ref('NotFound');
  for (const refusal of own) {
    if (refusal === 'busy') continue;
    const [status, name] = OWN_REFUSALS[refusal];
    out[status] = ref(name);
  }
  // The gateway judges every request's Content-Length before anything else.
  out['413'] = ref('PayloadTooLarge');
  if (write && !op.rawBody) out['415'] = ref('UnsupportedMediaType');
  if (service !== 'gateway') {
    out['502'] = ref('BadGateway');
    out['503'] = ref(own.has('busy') ? 'Busy' : 'ServiceUnavailable');
    out['504'] = ref('GatewayTimeout');
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => Number(a) - Number(b)));
}

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
};

function answerContent(answer: RouteDeclaration['answer']): Record<string, { schema: JsonSchema }> {
  if (answer instanceof z.ZodType) return { 'application/json': { schema: toSchema(answer, 'output') } };
  if (answer.kind === 'binary') return { [answer.contentType]: { schema: { type: 'string', format: 'binary' } } };
  if (answer.kind === 'html') return { 'text/html': { schema: { type: 'string' } } };
  return { 'application/json': { schema: { type: 'object' } } };
}

function operation(key: string, op: RouteDeclaration, service: string) {
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
  const content = op.answer === noContent ? undefined : answerContent(op.answer);
  if (content && op.alsoAs) content[op.alsoAs] = { schema: { type: 'string' } };
  const success = (description: string) => (content ? { description, content } : { description: 'Done' });
  const responses: Record<string, unknown> = {
    ...(op.repeatAnswersOk ? { '200': success('Sent before (the same client id): what was stored then') } : {}),
    [status]: success(status === '201' ? 'Created' : status === '202' ? 'Accepted' : 'Success'),
    ...refusals(op, method, params, service),
  };
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
      security: SECURITY[op.caller],
    },
  };
}

/** Every route of the public API, from the declarations in @logbook/contracts, less those production never mounts. */
export function apiRoutes(): string[] {
  return Object.keys({ ...services, ...gateway }).filter((key) => !services[key]?.unpublished);
}

/** The OpenAPI 3.1 description of the API, built from the zod schemas the services parse and answer with. */
export function buildOpenApiDocument(version = '1.0.0') {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const key of apiRoutes().sort()) {
    const own = gateway[key];
    const service = own ? 'gateway' : `svc-${serviceFor(key.split(' ')[1]) ?? 'unknown'}`;
    const built = operation(key, own ?? services[key], service);
    (paths[built.path] ??= {})[built.method] = built.value;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: `${PRODUCT_NAME} API`,
      version,
      description:
        'The API the front ends call, through the gateway. Generated from the zod schemas the services parse ' +
        'requests and build answers with: `npm run openapi` writes it to docs/openapi.json. Every refusal is ' +
        '`{ "message": "..." }` in the product\'s words.',
      // No licence is granted: the product's own terms, as an SPDX reference of its own.
      license: { name: 'Proprietary: all rights reserved', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: '/' }],
    tags: TAGS,
    paths,
    components: {
      schemas: { Error: toSchema(errorResponseSchema, 'output') },
      responses: RESPONSES,
      securitySchemes: {
        parentCookie: { type: 'apiKey', in: 'cookie', name: PARENT_COOKIE },
        studentCookie: { type: 'apiKey', in: 'cookie', name: STUDENT_COOKIE },
      },
    },
  };
}
