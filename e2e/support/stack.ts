import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';

export interface TestStack {
  url: string;
  /** The local mail inbox's web address (MailDev: JSON at /api/email), when the stack has one. */
  inboxUrl?: string;
  stop: () => Promise<void>;
}

const ROOT = path.resolve(__dirname, '..', '..');

/**
 * The product on free ports with the embedded database (scripts/stack.mjs), in a child process so the ESM/tsx
 * world of the services stays out of jest. E2E_BASE_URL points the journeys at a stack that is already running.
 */
export async function startTestStack(): Promise<TestStack> {
  const external = process.env.E2E_BASE_URL;
  if (external) return { url: external.replace(/\/$/, ''), inboxUrl: process.env.E2E_INBOX_URL, stop: async () => {} };

  const child = spawn(process.execPath, [path.join(__dirname, 'run-stack.mjs')], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'pipe'],
    // Not a jest worker: the stack compiles the services' TypeScript itself (tsx) only outside jest.
    env: Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'JEST_WORKER_ID')),
  });
  const output: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  });

  const { url, inboxUrl } = await new Promise<{ url: string; inboxUrl?: string }>((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      try {
        const parsed = JSON.parse(line) as { url?: string; inboxUrl?: string };
        if (parsed.url) resolve({ url: parsed.url, inboxUrl: parsed.inboxUrl });
      } catch {
        output.push(line);
      }
    });
    child.once('exit', (code) =>
      reject(new Error(`The stack exited (${code}) before it was ready:\n${output.join('')}`)),
    );
  });

  return { url, inboxUrl, stop: () => stopChild(child) };
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.stdin?.end();
    child.kill('SIGTERM');
  });
}
