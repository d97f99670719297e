import type { RequestHandler } from 'express';
import { healthResponseSchema } from '@logbook/contracts/gateway-api';
import { SERVICES, type ServiceName } from './routes';
import { reused } from './reused';
import type { UpstreamPool } from './upstreams';

/**
 * How long one round of asking the services answers every health call: however often the public route is called, each
 * instance is asked at most once a second.
 */
export const HEALTH_CACHE_MS = 1000;

type Readiness = 'ready' | 'unavailable';

async function ready(url: string, timeoutMs: number): Promise<boolean> {
  try {
    const res = await fetch(`${url}/ready`, { signal: AbortSignal.timeout(timeoutMs) });
    await res.arrayBuffer().catch(() => undefined);
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * Asks every instance of every service whether it is ready; a service is ready when one instance is. Calls within
 * HEALTH_CACHE_MS of a round share its answer.
 */
export function healthHandler(pools: Record<ServiceName, UpstreamPool>, timeoutMs: number): RequestHandler {
  const ask = reused(HEALTH_CACHE_MS, async () => {
    const entries = await Promise.all(
      SERVICES.map(async (service) => {
        const members = pools[service].members;
        const answers = await Promise.all(members.map((m) => ready(m.url, timeoutMs)));
        const readyCount = answers.filter(Boolean).length;
        const status: Readiness = readyCount > 0 ? 'ready' : 'unavailable';
        return [service, { status, instances: members.length, ready: readyCount }] as const;
      }),
    );
    const services = Object.fromEntries(entries);
    const allReady = entries.every(([, s]) => s.status === 'ready');
    return healthResponseSchema.parse({ status: allReady ? 'ok' : 'degraded', services });
  });
  return async (_req, res) => {
    res.set('Cache-Control', 'no-store').json(await ask());
  };
}
