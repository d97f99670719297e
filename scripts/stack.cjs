// Starts the whole product on one machine: the database, every service that exists, and the gateway.
// Used by `npm start`, the browser tests and the benchmarks.
// CommonJS so that jest (browser tests, stack tests) and plain node (`npm start`, benchmarks) can both load it.
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');

// Under jest the TypeScript sources go through jest's own transform; elsewhere tsx compiles them.
if (!process.env.JEST_WORKER_ID) require('tsx/cjs/api').register();

const ROOT = path.resolve(__dirname, '..');

const SERVICES = [
  { name: 'auth', dir: 'svc-auth', port: 4001, env: 'AUTH_SERVICE_URL' },
  { name: 'students', dir: 'svc-students', port: 4002, env: 'STUDENTS_SERVICE_URL' },
  { name: 'billing', dir: 'svc-billing', port: 4003, env: 'BILLING_SERVICE_URL' },
  { name: 'logbook', dir: 'svc-logbook', port: 4004, env: 'LOGBOOK_SERVICE_URL' },
];

/** The first port of the range the system hands out to outgoing connections, where it says (Linux). */
function outgoingPortsStart() {
  try {
    const [low] = fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    return low > 11000 ? low : undefined;
  } catch {
    return undefined;
  }
}
const OUTGOING_PORTS_START = outgoingPortsStart();

/** Listens on the port (0: one the system picks) on every address and lets it go: the port, or null if taken. */
function tryPort(port) {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', () => resolve(null));
    srv.listen(port, () => {
      const { port: bound } = srv.address();
      srv.close(() => resolve(bound));
    });
  });
}

/**
 * A port free now, for a process started a few seconds later. Picked below the range of outgoing connections' ports:
 * one from that range can be taken meanwhile by any connection the starting services make.
 */
async function freePort() {
  if (OUTGOING_PORTS_START) {
    for (let i = 0; i < 50; i++) {
      const port = await tryPort(10000 + Math.floor(Math.random() * (OUTGOING_PORTS_START - 10000)));
      if (port) return port;
    }
  }
  const port = await tryPort(0);
  if (!port) throw new Error('No free port');
  return port;
}

/** Waits until `url` answers 2xx, asked with `get` (fetch unless given); fails at once if `child` exits. */
async function waitFor(url, { timeoutMs = 60_000, child, name, get = fetch } = {}) {
  const deadline = Date.now() + timeoutMs;
  let lastError;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode}`);
    try {
      const res = await get(url);
      if (res.status >= 200 && res.status < 300) return;
      lastError = new Error(`${url} answered ${res.status}`);
    } catch (err) {
      lastError = err;
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${name ?? url} did not become healthy: ${lastError?.message}`);
}

/**
 * Passes a child's output on, each line prefixed with `name` (unless quiet), and keeps its last 200 lines as
 * `child.tail` for diagnosis.
 */
function withOutput(child, name, quiet) {
  const tail = [];
  const onLine = (stream) => (chunk) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line) continue;
      tail.push(line);
      if (tail.length > 200) tail.shift();
      if (!quiet) stream.write(`[${name}] ${line}\n`);
    }
  };
  child.stdout.on('data', onLine(process.stdout));
  child.stderr.on('data', onLine(process.stderr));
  child.tail = tail;
  return child;
}

/** Starts node with `args`, its output prefixed or kept for diagnosis. */
function startNode(name, args, env, quiet) {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return withOutput(child, name, quiet);
}

/** Starts one process running a TypeScript entry point, with its output prefixed or kept for diagnosis. */
const startProcess = (name, entry, env, { quiet }) => startNode(name, ['--import', 'tsx', entry], env, quiet);

function stopProcess(child, timeoutMs = 10_000, signal = 'SIGTERM') {
  return new Promise((resolve) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill(signal);
  });
}

/**
 * The local mail inbox (maildev): an SMTP server that keeps every email, with a web inbox to read them in and a JSON
 * list at /api/email. Started with every stack unless SMTP_URL names a real mail server.
 */
async function startMailInbox({ dataDir, fixedPorts, quiet }) {
  const smtpPort = fixedPorts ? Number(process.env.MAIL_INBOX_SMTP_PORT ?? 1025) : await freePort();
  const webPort = fixedPorts ? Number(process.env.MAIL_INBOX_WEB_PORT ?? 1080) : await freePort();
  const mailDir = path.join(dataDir, 'mail');
  fs.mkdirSync(mailDir, { recursive: true });
  const maildev = path.join(ROOT, 'node_modules', 'maildev', 'dist', 'bin', 'maildev.js');
  const args = ['--smtp', smtpPort, '--web', webPort, '--ip', '127.0.0.1', '--web-ip', '127.0.0.1'];
  const child = startNode('mail', [maildev, ...args, '--mail-directory', mailDir, '--silent'].map(String), {}, quiet);
  const webUrl = `http://localhost:${webPort}`;
  await waitFor(`http://127.0.0.1:${webPort}/api/email`, { child, name: 'mail inbox' });
  return { child, smtpUrl: `smtp://127.0.0.1:${smtpPort}`, webUrl };
}

/** Starts the product; its options are StackOptions in stack.d.cts. */
async function startStack(opts = {}) {
  const quiet = opts.quiet ?? true;
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'logbook-'));
  // Tests and benchmarks sign in and register far more often than people do, all from one address.
  const testLimits = opts.fixedServicePorts
    ? {}
    : {
        AUTH_RATE_LIMIT_IP_MAX: '100000',
        AUTH_RATE_LIMIT_REGISTER_MAX: '100000',
        AUTH_RATE_LIMIT_RESET_IP_MAX: '100000',
      };
  const env = {
    NODE_ENV: 'development',
    LOG_LEVEL: quiet ? 'warn' : 'info',
    DATA_DIR: dataDir,
    ...testLimits,
    ...opts.env,
  };

  const { loadKeys } = require('../packages/service-kit/src/keys.ts');
  loadKeys({ dataDir, needPrivate: true });
  // One internal secret for the services and the gateway alike: with it the gateway proves to the services that the
  // caller's address it names is its own word, and no other local process can name one.
  const { loadInternalSecret } = require('../packages/service-kit/src/internal.ts');
  env.INTERNAL_API_SECRET = loadInternalSecret({
    configured: env.INTERNAL_API_SECRET ?? process.env.INTERNAL_API_SECRET,
    dataDir,
    production: false,
  });

  let db;
  if (!env.MONGODB_URI && (opts.ownDatabase || !process.env.MONGODB_URI)) {
    const { startEmbeddedDatabase, IN_MEMORY_WARNING } = require('../packages/service-kit/src/embedded-db.ts');
    db = await startEmbeddedDatabase({
      dbPath: opts.persistent ? path.join(dataDir, 'db') : undefined,
      preferInMemory: !opts.persistent && !process.env.MONGOMS_SYSTEM_BINARY,
    });
    env.MONGODB_URI = db.uri;
    db.description = db.persistent
      ? `MongoDB (real mongod via mongodb-memory-server), data kept in ${path.join(dataDir, 'db')}`
      : `in-memory jongodb at ${db.uri}\n${IN_MEMORY_WARNING}`;
  }
  env.MONGODB_URI ??= process.env.MONGODB_URI;
  // A stack started by a test or a benchmark gets a database of its own, even on a shared server.
  if (!opts.fixedServicePorts && !env.MONGODB_DB) env.MONGODB_DB = `stack_${process.pid}_${Date.now().toString(36)}`;
  const databaseDescription = db?.description ?? `MongoDB at ${env.MONGODB_URI}`;

  const children = [];
  // Without a real mail server, the local inbox catches every email (npm start prints where to read them).
  let mail;
  if (!env.SMTP_URL && !process.env.SMTP_URL && opts.mailInbox !== false) {
    mail = await startMailInbox({ dataDir, fixedPorts: Boolean(opts.fixedServicePorts), quiet });
    children.push(mail.child);
    env.SMTP_URL = mail.smtpUrl;
  }
  const stop = async () => {
    await Promise.all(children.map((c) => stopProcess(c)));
    await db?.stop();
  };

  try {
    const present = SERVICES.filter((s) => fs.existsSync(path.join(ROOT, s.dir, 'src', 'server.ts')));
    /** Every running service instance: { name, dir, port, url, child }. */
    const instances = [];
    // Every instance's port is chosen first: the services call each other's internal API at these addresses.
    const ports = {};
    for (const svc of present) {
      ports[svc.name] = [];
      for (let i = 0; i < (opts.instances?.[svc.name] ?? 1); i++) {
        ports[svc.name].push(opts.fixedServicePorts && i === 0 ? svc.port : await freePort());
      }
    }
    const gatewayPort = opts.gatewayPort || (await freePort());
    // Links in emails open the stack's own address.
    env.MAIL_LINK_ORIGIN ??= `http://localhost:${gatewayPort}`;
    const upstreams = Object.fromEntries(
      present.map((svc) => [svc.env, ports[svc.name].map((port) => `http://127.0.0.1:${port}`).join(',')]),
    );
    const launch = async (svc, port) => {
      const child = startProcess(
        svc.dir,
        path.join(svc.dir, 'src', 'server.ts'),
        // Only the gateway is meant to be reached: the services listen on loopback alone.
        { ...env, ...upstreams, BIND_ADDRESS: '127.0.0.1', PORT: String(port) },
        { quiet },
      );
      child.service = svc.name;
      children.push(child);
      const instance = { name: svc.name, dir: svc.dir, port, url: `http://127.0.0.1:${port}`, child };
      await waitFor(`${instance.url}/ready`, { child, name: svc.dir });
      return instance;
    };
    await Promise.all(
      present.flatMap((svc) =>
        ports[svc.name].map(async (port) => {
          instances.push(await launch(svc, port));
        }),
      ),
    );
    const gateway = startProcess(
      'gateway',
      path.join('gateway', 'src', 'server.ts'),
      { ...env, ...upstreams, PORT: String(gatewayPort), ...opts.gatewayEnv },
      { quiet },
    );
    children.push(gateway);
    const url = `http://localhost:${gatewayPort}`;
    await waitFor(`${url}/api/health`, { child: gateway, name: 'gateway' });
    const select = (name, index) =>
      instances.filter((i) => i.name === name).filter((_, n) => index === undefined || n === index);
    return {
      url,
      dataDir,
      databaseUri: env.MONGODB_URI,
      databaseName: env.MONGODB_DB ?? process.env.MONGODB_DB ?? 'learner_logbook',
      databaseDescription,
      /** The local mail inbox, when no SMTP_URL was given: its SMTP address and its web inbox (JSON at /api/email). */
      mail: mail ? { smtpUrl: mail.smtpUrl, webUrl: mail.webUrl } : undefined,
      services: Object.fromEntries(present.map((s) => [s.name, upstreams[s.env].split(',')[0]])),
      instances,
      processes: children,
      logs: () => children.map((c) => c.tail.join('\n')).join('\n'),
      /** Stops one instance (every instance of the service when `index` is omitted), as a crash would. */
      stopService: (name, { index, signal = 'SIGKILL' } = {}) =>
        Promise.all(select(name, index).map((i) => stopProcess(i.child, 5000, signal))),
      /** Starts stopped instances again on their own ports. */
      startService: async (name, { index } = {}) => {
        const svc = present.find((s) => s.name === name);
        for (const t of select(name, index)) {
          if (t.child.exitCode === null && t.child.signalCode === null) continue;
          t.child = (await launch(svc, t.port)).child;
        }
      },
      /** The embedded database (fault tests stop it and start it again; the in-memory one comes back empty). */
      database: db,
      stop,
    };
  } catch (err) {
    const logs = children.map((c) => c.tail.slice(-30).join('\n')).join('\n');
    await stop();
    err.message += `\n--- recent output ---\n${logs}`;
    throw err;
  }
}

module.exports = { ROOT, OUTGOING_PORTS_START, freePort, startProcess, startStack, stopProcess, waitFor, withOutput };
