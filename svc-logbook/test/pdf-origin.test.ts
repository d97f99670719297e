import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { closeGatewayApp, createGatewayApp } from 'gateway/app';
import { testConfig } from 'gateway/testing';
import { app, insertStudent, newParent, useDatabase } from './helpers';

useDatabase();

/** The link printed under the QR code, and the one the QR code holds, read off page 1. */
function linksIn(pdf: Buffer): { printed: string | undefined; qr: string | undefined } {
  const text = execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', '-', '-'], { input: pdf }).toString();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'logbook-qr-'));
  try {
    fs.writeFileSync(path.join(dir, 'logbook.pdf'), pdf);
    execFileSync('pdftoppm', ['-png', '-r', '150', '-f', '1', '-l', '1', '-singlefile', 'logbook.pdf', 'page'], {
      cwd: dir,
    });
    const page = PNG.sync.read(fs.readFileSync(path.join(dir, 'page.png')));
    return {
      printed: /https?:\/\/\S+\/verify\/[A-Z2-7]{16}/.exec(text)?.[0],
      qr: jsQR(new Uint8ClampedArray(page.data), page.width, page.height)?.data,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function listen(handler: http.RequestListener) {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

// The real logbook service on a port of its own, behind the real gateway on another port, as under `npm start`.
let service: http.Server;
let gatewayServer: http.Server;
let gatewayApp: ReturnType<typeof createGatewayApp>;
let gatewayPort: number;

beforeAll(async () => {
  const logbook = await listen(app);
  service = logbook.server;
  gatewayApp = createGatewayApp(
    testConfig({ upstreams: { ...testConfig().upstreams, logbook: [`http://127.0.0.1:${logbook.port}`] } }),
  );
  const gateway = await listen(gatewayApp);
  gatewayServer = gateway.server;
  gatewayPort = gateway.port;
});

afterAll(async () => {
  closeGatewayApp(gatewayApp);
  for (const server of [gatewayServer, service]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

describe('the verification link', () => {
  it('points at the origin the app was opened on, in the PDF, its QR code and the verification answer', async () => {
    const parent = await newParent();
    const student = await insertStudent(parent.userId);
    const origin = `http://localhost:${gatewayPort}`;
    const headers = { cookie: parent.cookie };

    const answer = await fetch(`${origin}/api/driving-sessions/${student.id}/verification`, { headers });
    expect(answer.status).toBe(200);
    const { code, url } = (await answer.json()) as { code: string; url: string };
    expect(url).toBe(`${origin}/verify/${code}`);

    const pdf = await fetch(`${origin}/api/driving-sessions/${student.id}/pdf`, { headers });
    expect(pdf.status).toBe(200);
    expect(linksIn(Buffer.from(await pdf.arrayBuffer()))).toEqual({ printed: url, qr: url });
  });

  it('follows the scheme and host the gateway forwards, and never puts a malformed host in a link', async () => {
    const parent = await newParent();
    const student = await insertStudent(parent.userId);
    const ask = (forwarded: Record<string, string>) =>
      fetch(
        `http://127.0.0.1:${(service.address() as AddressInfo).port}/api/driving-sessions/${student.id}/verification`,
        {
          headers: { cookie: parent.cookie, ...forwarded },
        },
      ).then(async (res) => ((await res.json()) as { url: string }).url);
    expect(await ask({ 'x-forwarded-proto': 'https', 'x-forwarded-host': 'logbook.example:8443' })).toMatch(
      /^https:\/\/logbook\.example:8443\/verify\/[A-Z2-7]{16}$/,
    );
    expect(await ask({ 'x-forwarded-host': 'evil.example/"><script>' })).toMatch(
      /^http:\/\/localhost:8080\/verify\/[A-Z2-7]{16}$/,
    );
  });
});
