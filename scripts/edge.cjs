// The HTTPS edge of docker-compose.yml (Caddy with deploy/edge/Caddyfile) on this machine, in front of a stack's
// gateway: what the tests and the bench use to load the app as production serves it (HTTPS, HTTP/2).
// CommonJS so that jest and plain node (the bench) can both load it.
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const https = require('node:https');
const os = require('node:os');
const path = require('node:path');
const { freePort, stopProcess, waitFor, withOutput } = require('./stack.cjs');

const ROOT = path.resolve(__dirname, '..');
const CADDYFILE = path.join(ROOT, 'deploy/edge/Caddyfile');
/** Debian's caddy (`apt-get install -y caddy`), or the one CADDY_PATH names. */
const CADDY = process.env.CADDY_PATH ?? 'caddy';

/**
 * One HTTPS request to the edge, its certificate not checked (Caddy's own CA for localhost): status, headers, body.
 * Not redirected: a redirect is answered as it is.
 */
function insecureGet(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = https.get(url, { headers, rejectUnauthorized: false }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.setTimeout(10_000, () => req.destroy(new Error(`${url} did not answer within 10 s`)));
  });
}

/**
 * Caddy in front of the gateway at `upstream` (host:port): the site https://localhost:<free port> with a certificate
 * from Caddy's own CA, plain HTTP on another free port redirected to it, no admin API (several may run at once), and
 * its certificates in a directory of its own. Resolves once the gateway answers through it.
 */
async function startEdge({ upstream, quiet = true, timeoutMs = 60_000 }) {
  const httpsPort = await freePort();
  const httpPort = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'logbook-edge-'));
  const url = `https://localhost:${httpsPort}`;
  const child = spawn(CADDY, ['run', '--adapter', 'caddyfile', '--config', CADDYFILE], {
    cwd: dir,
    env: {
      ...process.env,
      SITE_ADDRESS: url,
      HTTP_PORT: String(httpPort),
      CADDY_ADMIN: 'off',
      GATEWAY_UPSTREAM: upstream,
      HOME: dir,
      XDG_DATA_HOME: path.join(dir, 'data'),
      XDG_CONFIG_HOME: path.join(dir, 'config'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const { tail } = withOutput(child, 'edge', quiet);
  const stop = async () => {
    await stopProcess(child);
    fs.rmSync(dir, { recursive: true, force: true });
  };

  try {
    await waitFor(`${url}/api/health`, { timeoutMs, child, name: 'caddy', get: insecureGet });
  } catch (err) {
    await stop();
    throw new Error(`The edge did not come up: ${err.message}\n${tail.slice(-20).join('\n')}`);
  }
  return { url, httpUrl: `http://localhost:${httpPort}`, logs: () => tail.join('\n'), stop };
}

module.exports = { CADDYFILE, CADDY, startEdge, insecureGet };
