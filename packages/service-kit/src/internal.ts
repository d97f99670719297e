import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Router } from 'express';
import mongoose from 'mongoose';
import { z } from 'zod';
import { API_ERRORS } from '@logbook/contracts/messages';
import { EVENT_DATA, statusOnlySchema, type EventData, type EventTopic } from '@logbook/contracts/internal-api';
import { repeatInBackground } from './background';
import { secretMatcher } from './config';
import { AppError, BusyError, notFound, parseOr400 } from './errors';
import { isDuplicateKey } from './db';
import { logger } from './logger';
import { defineModel } from './model';

/**
 * How one service asks another for what that other owns. Routes live under `/internal/…`, which the gateway never
 * routes; each call carries the shared internal secret, and a call without it is answered as if the route did not
 * exist. A service never reads or writes another service's collections.
 */

export type ServiceName = 'auth' | 'students' | 'billing' | 'logbook';

export const SERVICE_URL_SETTINGS: Record<ServiceName, { env: string; port: number }> = {
  auth: { env: 'AUTH_SERVICE_URL', port: 4001 },
  students: { env: 'STUDENTS_SERVICE_URL', port: 4002 },
  billing: { env: 'BILLING_SERVICE_URL', port: 4003 },
  logbook: { env: 'LOGBOOK_SERVICE_URL', port: 4004 },
};

export const INTERNAL_HEADER = 'x-internal-token';
const CALL_TIMEOUT_MS = 3000;

let secret: string | undefined;
let isSecret: ((given: unknown) => boolean) | undefined;
let urls: Partial<Record<ServiceName, string>> = {};

export function configureInternal(opts: { secret: string; urls?: Partial<Record<ServiceName, string>> }) {
  secret = opts.secret;
  isSecret = secretMatcher(opts.secret);
  urls = { ...opts.urls };
}

/** The header an internal call carries (tests calling an internal route themselves use it). */
export const internalHeaders = (): Record<string, string> => (secret ? { [INTERNAL_HEADER]: secret } : {});

/** Adds or replaces where services are reached (tests serve peers on free ports). */
export function setServiceUrls(more: Partial<Record<ServiceName, string>>) {
  urls = { ...urls, ...more };
}

/** Where each service is reached: the gateway's own settings (the first of several instances), else `npm start`'s. */
export function serviceUrlsFromEnv(env: NodeJS.ProcessEnv = process.env): Record<ServiceName, string> {
  const entries = Object.entries(SERVICE_URL_SETTINGS).map(([name, { env: key, port }]) => {
    const first = env[key]?.split(',')[0]?.trim();
    return [name, (first || `http://127.0.0.1:${port}`).replace(/\/+$/, '')];
  });
  return Object.fromEntries(entries) as Record<ServiceName, string>;
}

/**
 * The internal secret: INTERNAL_API_SECRET when set (required in production), else one made once and kept beside the
 * token keys, so that every service of a local stack shares it.
 */
export function loadInternalSecret(opts: { configured?: string; dataDir: string; production: boolean }): string {
  const configured = opts.configured?.trim();
  if (configured) {
    if (configured.length < 32) throw new Error('INTERNAL_API_SECRET must be at least 32 characters');
    return configured;
  }
  if (opts.production) throw new Error('INTERNAL_API_SECRET is required in production');
  const dir = path.join(opts.dataDir, 'keys');
  const file = path.join(dir, 'internal-api-secret');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    try {
      fs.writeFileSync(file, crypto.randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  // Another process may be between creating the file and writing it.
  for (let i = 0; i < 50; i++) {
    const text = fs.readFileSync(file, 'utf8').trim();
    if (text) return text;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
  }
  throw new Error(`${file} is empty`);
}

/** A router whose every route is internal: only calls carrying the secret get through, anyone else finds nothing. */
export function internalRouter(): Router {
  const router = Router();
  router.use('/internal', (req, _res, next) => {
    if (!isSecret?.(req.headers[INTERNAL_HEADER])) throw notFound();
    next();
  });
  return router;
}

/** The owner's answer: its body read by the caller's schema when it is a success (2xx), left unread otherwise. */
export type InternalReply<T> = { ok: true; status: number; body: T } | { ok: false; status: number; body: unknown };

const unavailable = () => new AppError(503, API_ERRORS.serviceUnavailable);

/**
 * Calls another service's internal API. A 2xx or 4xx is the owner's answer; no answer, a time-out or a 5xx is
 * "unavailable" (503), never a guess. A busy owner's 503 with Retry-After is passed on as it is.
 */
export async function callInternal<S extends z.ZodType>(
  schema: S,
  service: ServiceName,
  method: 'GET' | 'POST' | 'DELETE',
  route: string,
  body?: unknown,
  opts: { timeoutMs?: number } = {},
): Promise<InternalReply<z.output<S>>> {
  const base = urls[service];
  if (!base || !secret) throw unavailable();
  let res: Response;
  try {
    res = await fetch(`${base}${route}`, {
      method,
      headers: {
        [INTERNAL_HEADER]: secret,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(opts.timeoutMs ?? CALL_TIMEOUT_MS),
    });
  } catch (err) {
    logger.warn({ err, service, route }, 'internal call failed');
    throw unavailable();
  }
  const retryAfter = Number(res.headers.get('retry-after'));
  if (res.status === 503 && Number.isSafeInteger(retryAfter) && retryAfter > 0) {
    await res.body?.cancel();
    throw new BusyError(retryAfter);
  }
  if (res.status >= 500) {
    logger.warn({ service, route, status: res.status }, 'internal call failed');
    throw unavailable();
  }
  const text = await res.text();
  let answer: unknown;
  try {
    answer = text ? JSON.parse(text) : undefined;
  } catch {
    answer = text;
  }
  if (!res.ok) return { ok: false, status: res.status, body: answer };
  // An owner's success that is not what its contract says is no answer to act on.
  const read = schema.safeParse(answer);
  if (!read.success) {
    logger.warn({ service, route, status: res.status, issues: read.error.issues }, 'internal answer not as agreed');
    throw unavailable();
  }
  return { ok: true, status: res.status, body: read.data };
}

/* ---------- Events: the owner tells readers that something of its own changed ---------- */

/** One change as readers receive it: the whole current state of `key` under `topic`, with its version. */
export const internalEventSchema = z.object({
  topic: z.string().min(1).max(40),
  key: z.number().int().positive(),
  version: z.number().int().min(0),
  data: z.record(z.string(), z.unknown()),
});
export type InternalEvent = z.infer<typeof internalEventSchema>;

/** An event of one topic, its data read by the topic's schema. */
export type TopicEvent<T extends EventTopic> = Omit<InternalEvent, 'data'> & { data: EventData<T> };

export type EventHandlers = { [T in EventTopic]?: (event: TopicEvent<T>) => Promise<void> };

const isTopic = (topic: string, handlers: EventHandlers): topic is EventTopic =>
  Object.hasOwn(EVENT_DATA, topic) && Object.hasOwn(handlers, topic);

/**
 * `POST /internal/events`: applies each topic's events, their data read by the topic's schema in contracts (400 when it
 * is not); readers keep only the newest version, so repeats are harmless.
 */
export function eventsRouter(handlers: EventHandlers): Router {
  const router = internalRouter();
  router.post('/internal/events', async (req, res) => {
    const event = parseOr400(internalEventSchema, req.body);
    const topic = event.topic;
    if (!isTopic(topic, handlers)) throw notFound();
    const data: unknown = parseOr400(EVENT_DATA[topic], event.data);
    const handle = handlers[topic] as (event: Omit<InternalEvent, 'data'> & { data: unknown }) => Promise<void>;
    await handle({ ...event, data });
    res.status(204).end();
  });
  return router;
}

/** An owner's note that a key changed and which readers have not heard of it yet. */
export interface OutboxEntry {
  _id: string;
  topic: string;
  key: number;
  pending: string[];
  changedAt: Date;
}

/** The outbox of one owning service, in a collection that service owns. */
export function outboxModel(name: string, collection: string): mongoose.Model<OutboxEntry> {
  return defineModel<OutboxEntry>(name, collection, {
    _id: String,
    topic: { type: String, required: true },
    key: { type: Number, required: true },
    pending: { type: [String], required: true },
    changedAt: { type: Date, required: true },
  });
}

export interface Topic {
  subscribers: ServiceName[];
  /** The key's current state as readers get it, or null when there is nothing to tell. */
  snapshot: (key: number) => Promise<{ version: number; data: Record<string, unknown> } | null>;
}

/**
 * Sends an owner's changes to its readers. The change is noted in the outbox first, then sent at once (so a reader
 * sees it before the request that made it answers); what could not be sent is sent again by `retryPending`, every
 * few seconds while the service runs. Each send carries the state as it is when sent, so a late or repeated send can
 * never take a reader back in time.
 */
export class Publisher {
  constructor(
    private readonly outbox: mongoose.Model<OutboxEntry>,
    private readonly topics: Record<string, Topic>,
  ) {}

  async changed(topic: string, key: number): Promise<void> {
    const { subscribers } = this.topics[topic];
    const entry = { _id: `${topic}:${key}`, topic, key, pending: [...subscribers], changedAt: new Date() };
    await this.outbox.updateOne({ _id: entry._id }, { $set: entry }, { upsert: true });
    await this.deliver(entry).catch((err: unknown) => logger.warn({ err, topic, key }, 'event not delivered yet'));
  }

  /** Sends one entry to every reader still waiting for it; true when none is left waiting. */
  private async deliver(entry: OutboxEntry): Promise<boolean> {
    const state = await this.topics[entry.topic]?.snapshot(entry.key);
    const failed: string[] = [];
    if (state) {
      const event: InternalEvent = { topic: entry.topic, key: entry.key, ...state };
      for (const service of entry.pending as ServiceName[]) {
        try {
          const { status } = await callInternal(statusOnlySchema, service, 'POST', '/internal/events', event);
          if (status >= 300) throw new Error(`answered ${status}`);
        } catch (err) {
          logger.warn({ err, service, topic: entry.topic, key: entry.key }, 'event not delivered yet');
          failed.push(service);
        }
      }
    }
    // Guarded on changedAt: a change noted meanwhile keeps its own entry for every reader.
    if (failed.length === 0) await this.outbox.deleteOne({ _id: entry._id, changedAt: entry.changedAt });
    else await this.outbox.updateOne({ _id: entry._id, changedAt: entry.changedAt }, { $set: { pending: failed } });
    return failed.length === 0;
  }

  /** Sends again whatever is still waiting; answers how many entries are still waiting afterwards. */
  async retryPending(limit = 100): Promise<number> {
    const entries = await this.outbox.find({}).sort({ changedAt: 1 }).limit(limit).lean();
    let left = 0;
    for (const entry of entries) if (!(await this.deliver(entry).catch(() => false))) left++;
    return left;
  }

  /** Retries in the background while the process runs. */
  startRetries(intervalMs = 5000): () => void {
    return repeatInBackground(() => this.retryPending(), intervalMs, 'outbox retry failed');
  }
}

/**
 * A write guarded on a version: applies `set` to the reader's copy of `key` only when what it holds is older
 * (`field` below `version`, or absent). The copy is made first when missing, so the guard always has a document.
 */
export async function applyIfNewer<T>(
  model: mongoose.Model<T>,
  key: number,
  field: string,
  version: number,
  set: Record<string, unknown>,
): Promise<boolean> {
  await model.collection.insertOne({ _id: key } as never).catch((err: unknown) => {
    if (!isDuplicateKey(err)) throw err;
  });
  const { matchedCount } = await model.updateOne(
    { _id: key, $or: [{ [field]: null }, { [field]: { $lt: version } }] } as mongoose.RootFilterQuery<T>,
    { $set: { ...set, [field]: version } } as mongoose.UpdateQuery<T>,
  );
  return matchedCount === 1;
}
