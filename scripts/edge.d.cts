import type { IncomingHttpHeaders } from 'node:http';

export interface Edge {
  /** https://localhost:<port>: the app through the edge. */
  url: string;
  /** http://localhost:<port>: plain HTTP, redirected to `url`. */
  httpUrl: string;
  logs(): string;
  stop(): Promise<void>;
}

export const CADDYFILE: string;
export const CADDY: string;
export function startEdge(opts: { upstream: string; quiet?: boolean; timeoutMs?: number }): Promise<Edge>;
export function insecureGet(
  url: string,
  headers?: Record<string, string>,
): Promise<{ status: number | undefined; headers: IncomingHttpHeaders; body: Buffer }>;
