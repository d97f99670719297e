import fs from 'node:fs';
import path from 'node:path';
import type { RequestHandler } from 'express';
import { z } from 'zod';
import { releaseInfo } from '@logbook/service-kit/release';
import type { GatewayConfig } from './config';
import { FRONT_ENDS, type FrontEndName } from './frontEndUpstreams';
import { SERVICES } from './routes';
import type { UpstreamPool } from './upstreams';

const sharedVersion = z.object({ version: z.string(), requiredVersion: z.string().optional() });

/** One running piece of the product as GET /api/versions lists it. */
export const pieceSchema = z.object({
  name: z.string(),
  kind: z.enum(['gateway', 'service', 'front-end']),
  status: z.enum(['running', 'unreachable']),
  version: z.string().optional(),
  commit: z.string().optional(),
  builtAt: z.string().nullable().optional(),
  shared: z.record(z.string(), sharedVersion).optional(),
  /** Where the answer came from: a URL, or the local build it was read from. */
  source: z.string(),
});
export const versionsResponseSchema = z.object({ pieces: z.array(pieceSchema) });
type Piece = z.infer<typeof pieceSchema>;

const releaseSchema = z.object({
  version: z.string(),
  commit: z.string().optional(),
  builtAt: z.string().nullable().optional(),
  shared: z.record(z.string(), sharedVersion).optional(),
});

async function fetchRelease(url: string, timeoutMs: number) {
  const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
  if (!res.ok) {
    await res.arrayBuffer().catch(() => undefined);
    throw new Error(`${res.status}`);
  }
  return releaseSchema.parse(await res.json());
}

const localBuild = (config: GatewayConfig, name: FrontEndName) =>
  name === 'shell'
    ? path.join(config.shellDist, 'version.json')
    : path.join(config.mfDistRoot, name, 'dist', 'version.json');

async function frontEnd(config: GatewayConfig, name: FrontEndName, timeoutMs: number): Promise<Piece> {
  const url = config.frontEndUrls?.[name];
  const source = url ? `${url}/version.json` : localBuild(config, name);
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

/** Every piece of the product with the version it runs: the gateway, the four services, the shell and three remotes. */
export function versionsHandler(
  config: GatewayConfig,
  pools: Record<(typeof SERVICES)[number], UpstreamPool>,
): RequestHandler {
  return async (_req, res) => {
    const timeoutMs = config.healthTimeoutMs;
    const gateway: Piece = { kind: 'gateway', status: 'running', ...releaseInfo('gateway'), source: 'gateway' };
    const pieces = await Promise.all([
      ...SERVICES.map((name) => service(`svc-${name}`, pools[name], timeoutMs)),
      ...FRONT_ENDS.map((f) => frontEnd(config, f.name, timeoutMs)),
    ]);
    res.set('Cache-Control', 'no-store').json(versionsResponseSchema.parse({ pieces: [gateway, ...pieces] }));
  };
}
