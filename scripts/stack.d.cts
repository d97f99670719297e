import type { ChildProcess } from 'node:child_process';

export interface EmbeddedDatabase {
  uri: string;
  kind: 'mongod' | 'jongodb';
  persistent: boolean;
  stop(): Promise<void>;
}

export interface ServiceInstance {
  name: string;
  dir: string;
  port: number;
  url: string;
  child: ChildProcess;
}

export interface StackOptions {
  /** 0 picks a free port. */
  gatewayPort?: number;
  /** Use 4001–4004 (npm start) instead of free ports (tests). */
  fixedServicePorts?: boolean;
  /** Keys and, with a real mongod, the database files. */
  dataDir?: string;
  /** Keep a real mongod's data under dataDir/db. */
  persistent?: boolean;
  /** Start an embedded database even when MONGODB_URI is set (fault tests stop it). */
  ownDatabase?: boolean;
  /** Keep service output to ourselves (shown when something fails). */
  quiet?: boolean;
  /** Extra environment for every process. */
  env?: Record<string, string>;
  gatewayEnv?: Record<string, string>;
  instances?: Partial<Record<'auth' | 'students' | 'billing' | 'logbook', number>>;
  /** false: no local mail inbox (emails stay queued unless env.SMTP_URL names a server). */
  mailInbox?: boolean;
}

export interface Stack {
  url: string;
  dataDir: string;
  databaseUri: string;
  databaseName: string;
  databaseDescription: string;
  /** The local mail inbox (maildev), when no SMTP_URL was given; `${webUrl}/api/email` lists every email as JSON. */
  mail?: { smtpUrl: string; webUrl: string };
  services: Record<string, string>;
  instances: ServiceInstance[];
  processes: ChildProcess[];
  logs(): string;
  stopService(name: string, opts?: { index?: number; signal?: NodeJS.Signals }): Promise<unknown>;
  startService(name: string, opts?: { index?: number }): Promise<void>;
  database?: EmbeddedDatabase;
  stop(): Promise<void>;
}

export const ROOT: string;
/** The first port of the range the system gives outgoing connections, where the system says (Linux). */
export const OUTGOING_PORTS_START: number | undefined;
/** A free port, below that range where it is known. */
export function freePort(): Promise<number>;
/** Runs one TypeScript entry point (`node --import tsx`) from the repository root, its output kept in `tail`. */
export function startProcess(
  name: string,
  entry: string,
  env: Record<string, string>,
  opts: { quiet: boolean },
): ChildProcess & { tail: string[] };
export function startStack(opts?: StackOptions): Promise<Stack>;
