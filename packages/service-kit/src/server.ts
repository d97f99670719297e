import http from 'node:http';
import type { Express } from 'express';
import { configureAuth } from './auth';
import { baseConfigSchema, loadConfig, type BaseConfig } from './config';
import { connectDatabase, initModels, type AnyModel } from './db';
import { loadKeys } from './keys';
import { logger } from './logger';
import { assertProductionSettings, secureCookiesSetting } from './production';
import { AuthSessionModel } from './auth';
import { CounterModel } from './counters';
import { configureInternal, loadInternalSecret, serviceUrlsFromEnv } from './internal';

export interface RunServiceOptions {
  name: string;
  defaultPort: number;
  /** Whether this service signs tokens (svc-auth only). */
  signsTokens?: boolean;
  models: ReadonlyArray<AnyModel>;
  createApp: (config: BaseConfig) => Express | Promise<Express>;
}

/** Start a service: config, keys, database, indexes, listen; stop gracefully on SIGTERM/SIGINT. */
export async function runService(opts: RunServiceOptions): Promise<http.Server> {
  process.env.SERVICE_NAME ??= opts.name;
  const config = loadConfig(baseConfigSchema);
  const port = Number(process.env.PORT ?? opts.defaultPort);
  const keys = loadKeys({
    publicKey: config.JWT_PUBLIC_KEY,
    privateKey: config.JWT_PRIVATE_KEY,
    dataDir: config.DATA_DIR,
    needPrivate: Boolean(opts.signsTokens),
  });
  if (config.NODE_ENV === 'production' && !config.JWT_PUBLIC_KEY) {
    throw new Error('JWT_PUBLIC_KEY is required in production');
  }
  assertProductionSettings(opts.name);
  if (config.NODE_ENV === 'production' && !config.MONGODB_URI) {
    // Images carry no embedded database: it keeps nothing, and a family's log must survive a restart.
    throw new Error(`${opts.name} will not start: MONGODB_URI must be set in production`);
  }
  configureAuth({ publicKey: keys.publicKey, privateKey: keys.privateKey, secureCookies: secureCookiesSetting() });
  const db = await connectDatabase({ uri: config.MONGODB_URI, dbName: config.MONGODB_DB });
  await initModels([CounterModel, AuthSessionModel, ...opts.models]);
  if (process.argv.includes('--create-indexes')) {
    // Run as a deployment's init step: the indexes exist before any replica serves.
    logger.info(`${opts.name}: indexes created`);
    await db.close();
    process.exit(0);
  }
  // After the index step: a deployment's init container calls no other service, so it needs no internal secret.
  configureInternal({
    secret: loadInternalSecret({
      configured: process.env.INTERNAL_API_SECRET,
      dataDir: config.DATA_DIR,
      production: config.NODE_ENV === 'production',
    }),
    urls: serviceUrlsFromEnv(),
  });
  const app = await opts.createApp(config);
  const server = http.createServer(app);
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  // Unset, every interface (a container's own network); `npm start` keeps services on loopback behind the gateway.
  const host = process.env.BIND_ADDRESS || undefined;
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  logger.info({ port, host: host ?? 'all interfaces' }, `${opts.name} listening`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, `${opts.name} stopping`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.close(async () => {
      await db.close().catch(() => undefined);
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  return server;
}
