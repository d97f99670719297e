import net from 'node:net';

const { freePort, OUTGOING_PORTS_START } =
  require('../../scripts/stack.cjs') as typeof import('../../scripts/stack.cjs');

const listen = (port: number) =>
  new Promise<net.Server>((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(port, () => resolve(srv));
  });

describe('the ports a stack started for tests listens on', () => {
  it('are free, on every address, and outside the ports outgoing connections are given', async () => {
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    for (const port of ports) {
      expect(port).toBeGreaterThan(0);
      if (OUTGOING_PORTS_START) {
        expect(port).toBeGreaterThanOrEqual(10000);
        expect(port).toBeLessThan(OUTGOING_PORTS_START);
      }
    }
    const servers = await Promise.all([...new Set(ports)].map(listen));
    await Promise.all(servers.map((srv) => new Promise((resolve) => srv.close(resolve))));
  });

  it('skip a port something already listens on', async () => {
    const held = await listen(0);
    const { port } = held.address() as net.AddressInfo;
    try {
      for (let i = 0; i < 20; i++) expect(await freePort()).not.toBe(port);
    } finally {
      await new Promise((resolve) => held.close(resolve));
    }
  });
});
