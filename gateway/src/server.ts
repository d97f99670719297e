import { closeGatewayApp, createGatewayServer } from './app';
import { loadGatewayConfig } from './config';
import { logger } from './log';
import { assertProductionSettings } from '@logbook/service-kit/production';

/** Listens on PORT (8080) and stops gracefully: no new connections, finish what is under way, then exit. */
function main() {
  assertProductionSettings('gateway');
  const config = loadGatewayConfig();
  const { server, app } = createGatewayServer(config);
  server.listen(config.port, () => {
    logger.info({ port: config.port, upstreams: config.upstreams, shell: config.shellDist }, 'gateway listening');
  });
  server.on('error', (err) => {
    logger.fatal({ err }, 'gateway could not listen');
    process.exit(1);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'gateway stopping');
    setTimeout(() => process.exit(1), 10_000).unref();
    server.close(() => {
      closeGatewayApp(app);
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

try {
  main();
} catch (err) {
  logger.fatal({ err }, 'gateway could not start');
  process.exit(1);
}
