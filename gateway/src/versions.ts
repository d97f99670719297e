import fs from 'node:fs';
import path from 'node:path';
import type { RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import { z } from 'zod';
import {
  pieceSchema,
  publicPieceSchema,
  sharedVersionSchema,
  versionsResponseSchema,
} from '@logbook/contracts/gateway-api';
import { API_ERRORS } from '@logbook/contracts/messages';
import { GATEWAY_SECRET_HEADER, secretMatcher } from '@logbook/service-kit/config';
import { releaseInfo } from '@logbook/service-kit/release';
import type { GatewayConfig } from './config';
import { reused } from './reused';
import { FRONT_ENDS, type FrontEndName } from './frontEndUpstreams';
import { sendMessage } from './responses';
import { SERVICES } from './routes';
import type { UpstreamPool } from './upstreams';

/** How long one round of asking every piece is answered from: however many calls come, one round per period. */
export const VERSIONS_CACHE_MS = 10_000;
/** Calls a minute from one address. */
const VERSIONS_PER_MINUTE = 60;

const publicVersionsSchema = z.object({ pieces: z.array(publicPieceSchema) });
type Piece = z.infer<typeof pieceSchema>;

const releaseSchema = z.object({
  version: z.string(),
  commit: z.string().optional(),
  builtAt: z.string().nullable().optional(),
  shared: z.record(z.string(), sharedVersionSchema).optional(),
});

async function fetchRelease(url: string, timeoutMs: number) {
  const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
  if (!res.ok) {
    await res.arrayBuffer().catch(() => undefined);
    throw new Error(`${res.status}`);
  }
  return releaseSchema.parse(await res.json());
}

async function frontEnd(config: GatewayConfig, name: FrontEndName, timeoutMs: number): Promise<Piece> {
  const url = config.frontEndUrls?.[name];
  const local = name === 'shell' ? config.shellDist : path.join(config.mfDistRoot, name, 'dist');
  const source = url ? `${url}/version.json` : path.join(local, 'version.json');
  try {
    const release = url
      ? await fetchRelease(source, timeoutMs)
      : releaseSchema.parse(JSON.parse(await fs.promises.readFile(source, 'utf8')));
    return { name, kind: 'front-end', status: 'running', ...release, source };
  } catch {
    return { name, kind: 'front-end', status: 'unreachable', source };
  }
}

/** The first instance of the service that answers its health route. */
async function service(name: string, pool: UpstreamPool, timeoutMs: number): Promise<Piece> {
  for (const member of pool.members) {
    try {
      const release = await fetchRelease(`${member.url}/health`, timeoutMs);
      return { name, kind: 'service', status: 'running', ...release, source: member.url };
    } catch {
      // the next instance
    }
  }
  return { name, kind: 'service', status: 'unreachable', source: pool.members.map((m) => m.url).join(',') };
}

/**
 * GET /api/versions: every piece of the product with the version it runs, the gateway, the four services, the shell
 * and three remotes. Anyone gets name, kind, status and release; where each piece was asked (internal addresses, file
 * paths) and the libraries it was built with only a caller holding the internal secret. One round of asking serves
 * every call of a cache period, however many come; each address is limited like the other public routes (counted in
 * each gateway instance's memory).
 */
export function versionsRoute(
  config: GatewayConfig,
  pools: Record<(typeof SERVICES)[number], UpstreamPool>,
): RequestHandler[] {
  const timeoutMs = config.healthTimeoutMs;
  const ask = reused(VERSIONS_CACHE_MS, async () => {
    const gateway: Piece = { kind: 'gateway', status: 'running', ...releaseInfo('gateway'), source: 'gateway' };
    const pieces = await Promise.all([
      ...SERVICES.map((name) => service(`svc-${name}`, pools[name], timeoutMs)),
      ...FRONT_ENDS.map((f) => frontEnd(config, f.name, timeoutMs)),
    ]);
    return versionsResponseSchema.parse({ pieces: [gateway, ...pieces] });
  });
  // Whether the caller holds the services' internal secret (compared in constant time).
  const isSecret = config.internalSecret ? secretMatcher(config.internalSecret) : () => false;
  const limit = rateLimit({
    windowMs: 60_000,
    limit: VERSIONS_PER_MINUTE,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, res) => sendMessage(res, 429, API_ERRORS.tooManyAttempts),
  });
  return [
    limit,
    async (req, res) => {
      const all = await ask();
      res
        .set('Cache-Control', 'no-store')
        .json(isSecret(req.headers[GATEWAY_SECRET_HEADER]) ? all : publicVersionsSchema.parse(all));
    },
  ];
}
