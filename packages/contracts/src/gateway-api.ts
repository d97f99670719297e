import { z } from 'zod';
import { declareRoutes } from './api-routes';

/** GET /api/health: each service ready when one of its instances is. */
export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  services: z.record(
    z.string(),
    z.object({ status: z.enum(['ready', 'unavailable']), instances: z.number().int(), ready: z.number().int() }),
  ),
});

export const sharedVersionSchema = z.object({ version: z.string(), requiredVersion: z.string().optional() });

/** What anyone is told of a running piece: enough to see which release of each runs, and which cannot be reached. */
export const publicPieceSchema = z.object({
  name: z.string(),
  kind: z.enum(['gateway', 'service', 'front-end']),
  status: z.enum(['running', 'unreachable']),
  version: z.string().optional(),
  commit: z.string().optional(),
  builtAt: z.string().nullable().optional(),
});

/** One running piece of the product as GET /api/versions lists it. */
export const pieceSchema = publicPieceSchema.extend({
  shared: z
    .record(z.string(), sharedVersionSchema)
    .optional()
    .meta({ description: 'The shared packages it was built with: only with the internal secret' }),
  source: z
    .string()
    .optional()
    .meta({ description: 'Where the answer came from, a URL or a local build: only with the internal secret' }),
});
export const versionsResponseSchema = z.object({ pieces: z.array(pieceSchema) });

/** The gateway's own routes: everything else under /api is a service's. */
export const gatewayApi = declareRoutes({
  'GET /api/health': { summary: 'Whether every service is ready', caller: 'anyone', answer: healthResponseSchema },
  'GET /api/versions': {
    summary: 'Every running piece and its release; one that cannot be reached is marked',
    caller: 'anyone',
    answer: versionsResponseSchema,
    refuses: ['tooMany'],
  },
  'GET /api/openapi.json': { summary: 'This description', caller: 'anyone', answer: { kind: 'openapi' } },
  'GET /api/docs': { summary: 'This description, to read', caller: 'anyone', answer: { kind: 'html' } },
  'GET /api/docs/redoc.standalone.js': {
    summary: 'The reader of /api/docs',
    caller: 'anyone',
    answer: { kind: 'binary', contentType: 'text/javascript' },
  },
});
