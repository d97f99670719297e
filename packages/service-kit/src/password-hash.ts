import { AsyncLocalStorage } from 'node:async_hooks';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { RequestHandler } from 'express';
import { BusyError } from './errors';
import { logger } from './logger';

/**
 * What each worker runs: bcryptjs, loaded from the path the main thread resolved, so tests (swc), `npm start` (tsx)
 * and the bundled images (one server.js beside node_modules) all run the same code with no worker file to ship.
 * The synchronous calls are right here: blocking a worker is what it is for.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const bcrypt = require(workerData.bcryptModule);
parentPort.on('message', (job) => {
  try {
    const result = job.op === 'hash' ? bcrypt.hashSync(job.password, job.arg) : bcrypt.compareSync(job.password, job.arg);
    parentPort.postMessage({ id: job.id, result });
  } catch (err) {
    parentPort.postMessage({ id: job.id, error: String((err && err.message) || err) });
  }
});
`;

export interface PasswordHashingOptions {
  /**
   * Worker threads. Each keeps a core busy while it works, so by default one core is left to the event loops (this
   * service's, and on a small machine the database's and other services'): on two cores, hashing on both starved
   * them into gateway time-outs under load, where one worker did not.
   */
  size: number;
  /** New work whose estimated wait in the queue is longer than this is refused at once (503 with Retry-After). */
  queueBudgetMs: number;
  /** A hash's time before any has been timed; replaced by a running average of the jobs done. */
  initialJobMs: number;
  /** An idle worker stops after this long; the next job starts one again. */
  idleMs: number;
  /** The file the workers load bcrypt from: bcryptjs, as this process resolves it. */
  bcryptModule: string;
}

/** A whole number above zero from the environment, else the default. */
function setting(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isSafeInteger(value) && value > 0 ? value : fallback;
}

const DEFAULTS: PasswordHashingOptions = {
  size: setting('PASSWORD_HASH_WORKERS', Math.max(1, os.availableParallelism() - 1)),
  queueBudgetMs: setting('PASSWORD_HASH_QUEUE_MS', 750),
  initialJobMs: 100,
  idleMs: 30_000,
  bcryptModule: require.resolve('bcryptjs'),
};

type Op = 'hash' | 'compare';

interface Job {
  id: number;
  op: Op;
  password: string;
  arg: string | number;
  resolve: (result: unknown) => void;
  reject: (err: Error) => void;
}

interface Slot {
  worker: Worker;
  job?: Job;
  startedAt: number;
  idleTimer?: NodeJS.Timeout;
}

/** An admitted request's claim on one job: counted in the queue from admission until its job is queued. */
interface Ticket {
  pending: boolean;
}

const admitted = new AsyncLocalStorage<Ticket>();

/** Weight of the newest job in the running average of job time. */
const AVERAGE_WEIGHT = 0.2;

/**
 * bcrypt work on worker threads, so that a burst of sign-ins leaves the event loop free for every other request.
 * Work beyond what the workers can finish within the queue budget is refused at once (a `BusyError`, answered 503 with
 * Retry-After) rather than left to time out behind the queue.
 */
export class PasswordHashPool {
  private options: PasswordHashingOptions;
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private reserved = 0;
  private averageJobMs: number;
  private nextId = 1;

  constructor(options: Partial<PasswordHashingOptions> = {}) {
    this.options = { ...DEFAULTS, ...options };
    this.averageJobMs = this.options.initialJobMs;
  }

  configure(options: Partial<PasswordHashingOptions>) {
    this.options = { ...this.options, ...options };
    if (options.initialJobMs !== undefined) this.averageJobMs = options.initialJobMs;
  }

  hash(password: string, cost: number): Promise<string> {
    return this.run('hash', password, cost) as Promise<string>;
  }

  compare(password: string, hash: string): Promise<boolean> {
    return this.run('compare', password, hash) as Promise<boolean>;
  }

  /** How long a job queued now would wait before a worker takes it, by the running average of job time. */
  estimatedWaitMs(): number {
    const busyWorkers = this.slots.filter((slot) => slot.job).length;
    const ahead = this.queue.length + this.reserved + busyWorkers - this.options.size + 1;
    return (Math.max(0, ahead) * this.averageJobMs) / this.options.size;
  }

  /**
   * Middleware for a route that will need one hash or comparison: refused with 503 before anything else runs (so a
   * refusal is never counted as a failed sign-in), else the job is counted in the queue from now on.
   */
  readonly admit: RequestHandler = (_req, res, next) => {
    this.refuseWhenFull();
    const ticket: Ticket = { pending: true };
    this.reserved++;
    res.once('close', () => this.release(ticket));
    admitted.run(ticket, next);
  };

  /** Stops every worker; jobs not finished fail. */
  async close(): Promise<void> {
    const slots = this.slots.splice(0);
    for (const job of this.queue.splice(0)) job.reject(new Error('Password hashing stopped'));
    await Promise.all(slots.map((slot) => this.stop(slot)));
  }

  private refuseWhenFull() {
    const waitMs = this.estimatedWaitMs();
    if (waitMs > this.options.queueBudgetMs) throw new BusyError(Math.max(1, Math.ceil(waitMs / 1000)));
  }

  private release(ticket: Ticket) {
    if (!ticket.pending) return;
    ticket.pending = false;
    this.reserved--;
  }

  private run(op: Op, password: string, arg: string | number): Promise<unknown> {
    const ticket = admitted.getStore();
    if (ticket?.pending) this.release(ticket);
    else this.refuseWhenFull();
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, op, password, arg, resolve, reject });
      this.dispatch();
    });
  }

  private dispatch() {
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => !s.job);
      if (!slot) {
        if (this.slots.length >= this.options.size) return;
        slot = this.start();
      }
      const job = this.queue.shift()!;
      clearTimeout(slot.idleTimer);
      slot.job = job;
      slot.startedAt = performance.now();
      slot.worker.ref();
      slot.worker.postMessage({ id: job.id, op: job.op, password: job.password, arg: job.arg });
    }
  }

  private start(): Slot {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { bcryptModule: this.options.bcryptModule } });
    const slot: Slot = { worker, startedAt: 0 };
    this.slots.push(slot);
    worker.on('message', (reply: { id: number; result?: unknown; error?: string }) => this.finished(slot, reply));
    // 'exit' follows 'error'; the job is failed there, once.
    worker.on('error', (err) => logger.error({ err }, 'password hashing worker failed'));
    worker.once('exit', () => this.exited(slot));
    this.idle(slot);
    return slot;
  }

  private finished(slot: Slot, reply: { id: number; result?: unknown; error?: string }) {
    const job = slot.job;
    if (!job || job.id !== reply.id) return;
    const tookMs = performance.now() - slot.startedAt;
    this.averageJobMs += AVERAGE_WEIGHT * (tookMs - this.averageJobMs);
    slot.job = undefined;
    this.idle(slot);
    if (reply.error !== undefined) job.reject(new Error(reply.error));
    else job.resolve(reply.result);
    this.dispatch();
  }

  /** An idle worker keeps nobody waiting: the process (or a test run) may end, and after a while it stops. */
  private idle(slot: Slot) {
    slot.worker.unref();
    slot.idleTimer = setTimeout(() => {
      if (slot.job) return;
      this.remove(slot);
      void this.stop(slot);
    }, this.options.idleMs);
    slot.idleTimer.unref();
  }

  /** A worker that died takes its job with it: the job fails, and a new worker takes the queue. */
  private exited(slot: Slot) {
    clearTimeout(slot.idleTimer);
    const job = slot.job;
    slot.job = undefined;
    const wasLive = this.remove(slot);
    if (job) job.reject(new Error('Password hashing failed: the worker stopped'));
    if (wasLive) this.dispatch();
  }

  private remove(slot: Slot): boolean {
    const at = this.slots.indexOf(slot);
    if (at >= 0) this.slots.splice(at, 1);
    return at >= 0;
  }

  private async stop(slot: Slot) {
    clearTimeout(slot.idleTimer);
    await slot.worker.terminate();
  }
}

/** The process's one pool: every hash and comparison a service makes goes through it. */
export const passwordHashing = new PasswordHashPool();

export const configurePasswordHashing = (options: Partial<PasswordHashingOptions>) =>
  passwordHashing.configure(options);
