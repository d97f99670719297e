import fs from 'node:fs';

const { startStack } = require('../../scripts/stack.cjs') as typeof import('../../scripts/stack.cjs');

let stack: Awaited<ReturnType<typeof startStack>>;
beforeAll(async () => {
  stack = await startStack({ quiet: true });
}, 240_000);
afterAll(() => stack?.stop());

/** The addresses a process listens on, from the kernel's socket tables: "127.0.0.1:4001", "[::]:4002". */
function listeningAddresses(pid: number): string[] {
  const inodes = new Set(
    fs
      .readdirSync(`/proc/${pid}/fd`)
      .map((fd) => {
        try {
          return /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
        } catch {
          return undefined;
        }
      })
      .filter(Boolean),
  );
  const found: string[] = [];
  for (const table of ['tcp', 'tcp6']) {
    for (const line of fs.readFileSync(`/proc/net/${table}`, 'utf8').split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols.length < 10 || cols[3] !== '0A' || !inodes.has(cols[9])) continue;
      const [hexAddr, hexPort] = cols[1].split(':');
      const port = parseInt(hexPort, 16);
      if (table === 'tcp') {
        const ip = (hexAddr.match(/../g) ?? []).reverse().map((b) => parseInt(b, 16));
        found.push(`${ip.join('.')}:${port}`);
      } else {
        found.push(`[${/^0+$/.test(hexAddr) ? '::' : hexAddr.toLowerCase()}]:${port}`);
      }
    }
  }
  return found;
}

it('under the stack that `npm start` runs, the services listen on loopback only; the gateway is the way in', () => {
  expect(stack.instances.length).toBeGreaterThanOrEqual(4);
  for (const instance of stack.instances) {
    expect({ service: instance.name, listening: listeningAddresses(instance.child.pid!) }).toEqual({
      service: instance.name,
      listening: [`127.0.0.1:${instance.port}`],
    });
  }
});
