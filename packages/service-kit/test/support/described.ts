import fs from 'node:fs';
import path from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

/*
 * For tests: whether an answer is one docs/openapi.json describes (its route, its status, its content type, the
 * headers it requires and its body by the document's JSON Schema, checked by Ajv), so that a service test fails on an
 * answer a generated client would not expect.
 */

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

const DOCUMENT = path.resolve(__dirname, '../../../../docs/openapi.json');

let loaded: { doc: Json; ajv: Ajv2020; validators: Map<string, ValidateFunction> } | undefined;
function description() {
  if (!loaded) {
    const doc = JSON.parse(fs.readFileSync(DOCUMENT, 'utf8')) as Json;
    // The document's schemas are draft 2020-12, as OpenAPI 3.1 has them; unknown keywords are annotations.
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    // zod names a startsWith check as a format and states it again as a pattern, which Ajv checks.
    ajv.addFormat('starts_with', true);
    loaded = { doc, ajv, validators: new Map() };
  }
  return loaded;
}

/** The node a local `$ref` ('#/components/...') points to, with every local reference in it replaced likewise. */
function resolved(doc: Json, node: unknown): unknown {
  if (Array.isArray(node)) return node.map((n) => resolved(doc, n));
  if (!isObject(node)) return node;
  if (typeof node.$ref === 'string' && node.$ref.startsWith('#/')) {
    const target = node.$ref
      .slice(2)
      .split('/')
      .reduce<unknown>((at, key) => (isObject(at) ? at[key.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined), doc);
    return resolved(doc, target);
  }
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, resolved(doc, v)]));
}

/** The described operation for a method and a path as requested ('/api/supervisors/12?x=1'). */
function operationFor(doc: Json, method: string, url: string): { template: string; op: Json } | undefined {
  const requested = url.split('?')[0];
  for (const [template, item] of Object.entries(doc.paths as Record<string, Json>)) {
    const pattern = new RegExp(`^${template.replace(/\{[^}/]+\}/g, '[^/]+')}$`);
    const op = item[method.toLowerCase()];
    if (pattern.test(requested) && isObject(op)) return { template, op };
  }
  return undefined;
}

export interface Answer {
  status: number;
  headers: Record<string, unknown>;
  /** The parsed JSON body (supertest's `body`). */
  body: unknown;
}

/** The JSON Schema validator of a node of the document, compiled once. */
function validatorFor(key: string, schema: unknown): ValidateFunction {
  const { doc, ajv, validators } = description();
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(resolved(doc, schema) as Json);
    validators.set(key, validate);
  }
  return validate;
}

/** Refused by the API as unreadable, too large or not JSON: what was sent need not be what the route takes. */
const REFUSED_AS_INPUT = new Set([400, 413, 415]);

/**
 * What of a JSON request body the description does not declare: a body sent to a route that takes none, or one its
 * schema refuses. Requests the API itself refused as input are not judged.
 */
export function undescribedRequest(method: string, url: string, body: unknown, status: number): string[] {
  if (body === undefined || REFUSED_AS_INPUT.has(status)) return [];
  const where = `${method.toUpperCase()} ${url} (answered ${status})`;
  const found = operationFor(description().doc, method, url);
  if (!found) return [`${where}: the route is not described`];
  const requestBody = resolved(description().doc, found.op.requestBody) as Json | undefined;
  const media = (requestBody?.content as Record<string, Json> | undefined)?.['application/json'];
  if (!media) return [`${where}: a JSON body where none is declared`];
  const validate = validatorFor(`${found.template} ${method.toLowerCase()} request`, media.schema);
  if (validate(body)) return [];
  return (validate.errors ?? []).map((e) => `${where}: request body${e.instancePath} ${e.message ?? ''}`.trim());
}

/**
 * What of an answer docs/openapi.json does not describe: an unknown route, an undescribed status or content type, a
 * required header missing, or a body its schema refuses. Empty when the answer is described.
 */
export function undescribed(method: string, url: string, res: Answer): string[] {
  const { doc } = description();
  const where = `${method.toUpperCase()} ${url} → ${res.status}`;
  const found = operationFor(doc, method, url);
  if (!found) return [`${where}: the route is not described`];
  const answer = resolved(doc, (found.op.responses as Json)[String(res.status)]) as Json | undefined;
  if (!answer) return [`${where}: the status is not described`];
  const problems: string[] = [];
  for (const [name, header] of Object.entries((answer.headers ?? {}) as Record<string, Json>)) {
    if (header.required && res.headers[name.toLowerCase()] === undefined) problems.push(`${where}: no ${name} header`);
  }
  const content = answer.content as Record<string, Json> | undefined;
  const type = String(res.headers['content-type'] ?? '')
    .split(';')[0]
    .trim();
  if (!content) {
    if (type) problems.push(`${where}: a ${type} body where none is described`);
    return problems;
  }
  const media = content[type];
  if (!media) return [...problems, `${where}: ${type || 'no content type'} is not described`];
  if (type !== 'application/json') return problems;
  const validate = validatorFor(`${found.template} ${method.toLowerCase()} ${res.status}`, media.schema);
  if (!validate(res.body)) {
    for (const e of validate.errors ?? []) problems.push(`${where}: body${e.instancePath} ${e.message ?? ''}`.trim());
  }
  return problems;
}

/** What a supertest answer carries of its request: superagent keeps what `.send()` was given as `_data`. */
interface Sent {
  method: string;
  url: string;
  _data?: unknown;
}

/**
 * Everything docs/openapi.json does not describe of a supertest exchange: the JSON body that was sent, then the
 * answer (its status, headers, content type and body).
 */
export function exchangeProblems(res: Answer & { request: unknown }): string[] {
  const { method, url, _data } = res.request as Sent;
  const path = new URL(url).pathname + new URL(url).search;
  // A body given as text was sent as it is (unreadable or not JSON on purpose): only its answer is judged.
  const sent = typeof _data === 'string' || Buffer.isBuffer(_data) ? undefined : _data;
  return [...undescribedRequest(method, path, sent, res.status), ...undescribed(method, path, res)];
}

/** The answer, once docs/openapi.json is found to describe it and the body that was sent; throws naming what is not. */
export function described<T extends Answer & { request: unknown }>(res: T): T {
  const problems = exchangeProblems(res);
  if (problems.length) throw new Error(`Not as docs/openapi.json describes:\n${problems.join('\n')}`);
  return res;
}
