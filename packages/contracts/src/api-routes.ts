import type { z } from 'zod';

/** Who may call a route: the parent's cookie, the student's, either, or anyone. */
export type Caller = 'parent' | 'student' | 'parent-or-student' | 'anyone';

/**
 * A refusal that comes from a route's own rules, named where the route gives it. Those that follow from the kind of
 * route are added by the API description: 400 for input, 401 for a signed-in caller, 403 and 415 for writes, 404 for
 * an id in the path, 413 for every request, 502/503/504 for a service's routes.
 */
export type Refusal =
  /** 401 from a public route: wrong credentials. */
  | 'unauthorized'
  /** 403: the caller is signed in but may not do this (a student on a parent's change, no subscription). */
  | 'forbidden'
  /** 404: something named in the body is not there, or not the caller's. */
  | 'notFound'
  /** 409: a duplicate, or a state that no longer allows it. */
  | 'conflict'
  /** 402: the payment provider declined the card. */
  | 'paymentRefused'
  /** 429 with Retry-After: a rate limit or an account's sign-in lockout. */
  | 'tooMany'
  /** 503 with Retry-After: the password workers cannot take the check in time. */
  | 'busy';

/** An answer that is not JSON: declared by its content type, checked by its bytes, never parsed as an object. */
export interface BinaryResponse {
  kind: 'binary';
  contentType: string;
}
/** A page to read (text/html), or a JSON document with no schema here (the API description itself). */
export interface DocumentResponse {
  kind: 'html' | 'openapi';
}
/** The answer of a route whose status is 204 No Content: no body at all, so no content type to declare. */
export const noContent = { kind: 'binary', contentType: '' } as const satisfies BinaryResponse;

/** What the API description says of a route besides its answer. */
export interface RouteDescription {
  summary: string;
  caller: Caller;
  /** The JSON body the service parses, with the same schema it parses it with. */
  body?: z.ZodType;
  /** The query string the service parses. */
  query?: z.ZodObject;
  /** The success status when it is not 200. */
  status?: number;
  /** Also answered 200 by a route whose success is 201: a repeat (the same client id) answers what was first stored. */
  repeatAnswersOk?: true;
  /** Answered in another format too, by this content type (chosen by the query). */
  alsoAs?: string;
  /** The refusals of the route's own rules. */
  refuses?: readonly Refusal[];
  /** The body is taken as raw bytes (a signed webhook), not JSON parsed by this schema. */
  rawBody?: string;
  /** Mounted only where this says, never in production: left out of the published description. */
  unpublished?: string;
}

/**
 * One /api route, declared once: the service registers its Express route from this (the caller's guard, the body
 * parsed with `body`, the success `status`), and docs/openapi.json is built from the same entry.
 */
export interface RouteDeclaration extends RouteDescription {
  /** The success answer: the schema its body is built from, or a body that is not built from one here. */
  answer: z.ZodType | BinaryResponse | DocumentResponse;
}

/** Declarations keyed "METHOD /path" the way Express mounts them; the keys and callers keep their literal types. */
export const declareRoutes = <T extends Record<string, RouteDeclaration>>(routes: T): T => routes;

/** The success answer of every declared route, keyed as the routes are. */
export const answersOf = <T extends Record<string, RouteDeclaration>>(routes: T) =>
  Object.fromEntries(Object.entries(routes).map(([key, route]) => [key, route.answer])) as {
    [K in keyof T]: T[K]['answer'];
  };
