import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const { freePort } = require('../../scripts/stack.cjs') as typeof import('../../scripts/stack.cjs');

const ROOT = path.resolve(__dirname, '..', '..');
/** The server block every front-end image runs (copied into the images as /etc/nginx/conf.d/default.conf). */
const FRONT_END_CONF = path.join(ROOT, 'deploy/nginx/front-end.conf');

/** Debian installs nginx in /usr/sbin, which is not on every user's PATH. */
const NGINX = process.env.NGINX_PATH ?? (fs.existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx');

export interface FrontEndServer {
  url: string;
  /** The directory it serves: replace its contents to release another build. */
  root: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

async function waitUntilServing(url: string, child: ChildProcess, log: () => string) {
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${log()}`);
    if (
      await fetch(`${url}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nginx did not answer: ${log()}`);
}

/**
 * Debian's nginx (`apt-get install nginx`, as .ci/run does) running the images' own server block, as an ordinary
 * user: only `listen` and `root` differ, and the few main-context lines the image's own nginx.conf has.
 */
export async function startFrontEndServer(root: string): Promise<FrontEndServer> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'logbook-nginx-'));
  const server = fs
    .readFileSync(FRONT_END_CONF, 'utf8')
    .replace(/^(\s*)listen 8080;$/m, `$1listen 127.0.0.1:${port};`)
    .replace(/^(\s*)root \/usr\/share\/nginx\/html;$/m, `$1root ${root};`);
  if (!server.includes(`127.0.0.1:${port}`) || !server.includes(`root ${root};`)) {
    throw new Error(`${FRONT_END_CONF} no longer has the listen and root lines this server replaces`);
  }
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(
    conf,
    [
      'worker_processes 1;',
      `pid ${path.join(dir, 'nginx.pid')};`,
      `error_log ${path.join(dir, 'error.log')} warn;`,
      'events { worker_connections 256; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  default_type application/octet-stream;',
      '  access_log off;',
      '  sendfile on;',
      `  ${temp('client_body')} ${temp('proxy')} ${temp('fastcgi')} ${temp('uwsgi')} ${temp('scgi')}`,
      server,
      '}',
      '',
    ].join('\n'),
  );
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  const log = () => fs.readFileSync(path.join(dir, 'error.log'), { encoding: 'utf8', flag: 'a+' });

  const running = () => child !== undefined && child.exitCode === null && child.signalCode === null;
  const start = async () => {
    if (running()) return;
    child = spawn(NGINX, ['-c', conf, '-p', dir, '-e', path.join(dir, 'error.log'), '-g', 'daemon off;'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
    await waitUntilServing(url, child, () => `${stderr}\n${log()}`);
  };
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!child || !running()) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  await start();
  return { url, root, stop, start };
}

/** Copies a build directory (a release) into `to`, replacing what was there: what a new image does to its pods. */
export function release(from: string, to: string) {
  fs.rmSync(to, { recursive: true, force: true });
  fs.cpSync(from, to, { recursive: true });
}
