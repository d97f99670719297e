import { spawn, type ChildProcess } from 'node:child_process';
import dns from 'node:dns';
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { logger } from './logger';

export interface EmbeddedDatabase {
  uri: string;
  kind: 'mongod' | 'jongodb';
  persistent: boolean;
  stop(): Promise<void>;
}

export const NO_EMBEDDED_DATABASE =
  'No embedded database fits this machine: the in-memory server ships for Linux x64 (glibc) only and no real mongod ' +
  'was found. Set MONGODB_URI, or install mongod and set MONGOMS_SYSTEM_BINARY to it.';

/** The platform binary is an optional dependency: npm leaves it out where it does not fit (macOS, ARM, musl). */
const JONGODB_BIN = () => {
  let pkg: string;
  try {
    pkg = require.resolve('@jongodb/memory-server-bin-linux-x64-gnu/package.json');
  } catch {
    throw new Error(NO_EMBEDDED_DATABASE);
  }
  const bin = path.join(path.dirname(pkg), 'bin', 'jongodb');
  if (process.platform !== 'linux' || process.arch !== 'x64' || !fs.existsSync(bin))
    throw new Error(NO_EMBEDDED_DATABASE);
  return bin;
};

/** The in-memory MongoDB-wire server shipped in an npm package: for machines where no real mongod can be had. */
export function startJongodb(port = 0, host = '127.0.0.1'): Promise<EmbeddedDatabase> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(JONGODB_BIN(), [`--host=${host}`, `--port=${port}`], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`jongodb did not start: ${out}`));
    }, 20_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /JONGODB_URI=(\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        const uri = m[1].replace(/\/test$/, '/');
        resolve({
          uri,
          kind: 'jongodb',
          persistent: false,
          stop: () =>
            new Promise<void>((done) => {
              if (child.exitCode !== null) return done();
              child.once('exit', () => done());
              child.kill('SIGTERM');
              setTimeout(() => child.kill('SIGKILL'), 3000).unref();
            }),
        });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (!/JONGODB_URI=/.test(out)) reject(new Error(`jongodb exited with ${code}: ${out}`));
    });
  });
}

/** A real mongod through mongodb-memory-server, kept on disk under `dbPath` when given. */
async function startMongod(dbPath: string | undefined, timeoutMs: number): Promise<EmbeddedDatabase> {
  let memoryServer: typeof import('mongodb-memory-server');
  try {
    memoryServer = require('mongodb-memory-server') as typeof import('mongodb-memory-server');
  } catch {
    throw new Error(NO_EMBEDDED_DATABASE);
  }
  const { MongoMemoryServer } = memoryServer;
  if (dbPath) fs.mkdirSync(dbPath, { recursive: true });
  const create = MongoMemoryServer.create({
    instance: dbPath ? { dbPath, storageEngine: 'wiredTiger' } : {},
  });
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error('mongod could not be obtained in time')), timeoutMs).unref(),
  );
  const server = await Promise.race([create, timeout]);
  return {
    uri: server.getUri().replace(/\/[^/]*$/, '/'),
    kind: 'mongod',
    persistent: Boolean(dbPath),
    stop: async () => {
      await server.stop({ doCleanup: !dbPath, force: false });
    },
  };
}

/** Whether a real mongod could be had: a system binary, a cached download, or a reachable download server. */
async function mongodObtainable(): Promise<boolean> {
  if (process.env.MONGOMS_SYSTEM_BINARY) return true;
  const cache = process.env.MONGOMS_DOWNLOAD_DIR ?? path.join(os.homedir(), '.cache', 'mongodb-binaries');
  if (fs.existsSync(cache) && fs.readdirSync(cache).some((f) => f.startsWith('mongod'))) return true;
  const lookup = dns.promises.lookup('fastdl.mongodb.org').then(
    () => true,
    () => false,
  );
  const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 2000).unref());
  return Promise.race([lookup, timeout]);
}

/**
 * The embedded default when MONGODB_URI is not set: a real mongod if one can be had (a system binary named by
 * MONGOMS_SYSTEM_BINARY, a cached download, or a download where the network allows), else the in-memory fallback.
 */
export async function startEmbeddedDatabase(
  opts: { dbPath?: string; preferInMemory?: boolean } = {},
): Promise<EmbeddedDatabase> {
  if (!opts.preferInMemory && process.env.EMBEDDED_DB !== 'jongodb' && (await mongodObtainable())) {
    try {
      const db = await startMongod(opts.dbPath, Number(process.env.MONGOMS_START_TIMEOUT_MS ?? 20_000));
      logger.info({ uri: db.uri, dbPath: opts.dbPath }, 'embedded database: real mongod (mongodb-memory-server)');
      return db;
    } catch (err) {
      logger.debug({ err }, 'no real mongod available');
    }
  }
  return startJongodb();
}

export const IN_MEMORY_WARNING =
  'WARNING: no real mongod is available, so the database is the in-memory jongodb server. NOTHING IS KEPT ON DISK: ' +
  'all data is lost when it stops. Set MONGODB_URI (or MONGOMS_SYSTEM_BINARY) to keep data.';
