import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { z } from 'zod';
import { noContent, type Caller, type RouteDeclaration } from '@logbook/contracts/api-routes';
import { VALIDATION } from '@logbook/contracts/messages';
import { requireParent, requireParentOrStudent, requireStudent } from './auth';
import { badRequest, parseId, parseOr400 } from './errors';

type BodyOf<D> = D extends { body: infer S extends z.ZodType } ? z.output<S> : undefined;
type QueryOf<D> = D extends { query: infer S extends z.ZodType } ? z.output<S> : undefined;
type AnswerOf<D> = D extends { answer: typeof noContent }
  ? void
  : D extends { answer: infer S extends z.ZodType }
    ? z.input<S>
    : never;

/** Returned by a handler that wrote its answer itself: a stream, a gzipped body, a CSV. */
export const ANSWERED = Symbol('answered');

/** The names of a path's parameters: 'id' and 'studentId' of '/api/x/:studentId/y/:id'. */
type ParamsOf<P> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamsOf<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
/** A parameter that names a record by its numeric id ('id', 'studentId'). */
type IdParams<K> = Extract<ParamsOf<K>, 'id' | `${string}Id`>;
const isIdParam = (name: string) => /(^id|Id)$/.test(name);

/**
 * What a declared route's handler is given: the request, the ids in its path (each a positive integer, else 400), and
 * its body and query parsed with the declared schemas.
 */
export interface Exchange<D, K> {
  req: Request;
  res: Response;
  ids: Record<IdParams<K>, number>;
  body: BodyOf<D>;
  query: QueryOf<D>;
}

/** A JSON request body as an object; an absent body is an empty one, and arrays or scalars are refused. */
export function bodyObject(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw badRequest(VALIDATION.invalidInput);
  return body as Record<string, unknown>;
}

const GUARDS: Record<Caller, RequestHandler[]> = {
  parent: [requireParent],
  student: [requireStudent],
  'parent-or-student': [requireParentOrStudent],
  anyone: [],
};

const METHODS = { GET: 'get', POST: 'post', PUT: 'put', DELETE: 'delete', PATCH: 'patch' } as const;

/**
 * A router whose routes are registered from their declarations (@logbook/contracts), the entries docs/openapi.json
 * is built from: the caller's guard, the ids in the path, the body and query parsed with the declared schemas (400 in
 * their words otherwise) and the declared success status all come from the declaration, and the handler only returns
 * the answer. A route that is not declared cannot be registered, so no route answers what the description does not
 * give. `before` names a route's own middleware (limits, admission), run after the guard and before the parsing.
 */
export function declaredRouter<T extends Record<string, RouteDeclaration>>(
  declarations: T,
  before: Partial<Record<keyof T, RequestHandler[]>> = {},
) {
  const router = Router();
  const route = <K extends keyof T & string>(
    key: K,
    handle: (exchange: Exchange<T[K], K>) => Promise<AnswerOf<T[K]> | typeof ANSWERED>,
  ) => {
    const declaration = Object.hasOwn(declarations, key) ? declarations[key] : undefined;
    if (!declaration)
      throw new Error(`${key} is not declared: declare the route and its answers before registering it`);
    const [method, path] = key.split(' ') as [keyof typeof METHODS, string];
    const answer: RequestHandler = async (req, res) => {
      // The path is judged before the body, as the routes always have.
      const ids = Object.fromEntries(
        Object.entries(req.params)
          .filter(([name]) => isIdParam(name))
          .map(([name, raw]) => [name, parseId(raw)]),
      ) as Record<IdParams<K>, number>;
      const body = (declaration.body ? parseOr400(declaration.body, bodyObject(req.body)) : undefined) as BodyOf<T[K]>;
      const query = (declaration.query ? parseOr400(declaration.query, req.query) : undefined) as QueryOf<T[K]>;
      // Set first: a handler may answer otherwise (200 for a repeat of what was created).
      res.status(declaration.status ?? 200);
      const result = await handle({ req, res, ids, body, query });
      if (result === ANSWERED) return;
      if (declaration.answer === noContent) res.end();
      else res.json(result);
    };
    router[METHODS[method]](path, ...GUARDS[declaration.caller], ...(before[key] ?? []), answer);
  };
  return { router, route };
}
