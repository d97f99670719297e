import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pemFromEnv } from './config';

export interface KeyPair {
  publicKey: string;
  privateKey?: string;
}

/**
 * The token keys: from configuration when given, else a pair made once and kept with the embedded data so that
 * restarts keep sessions valid. Creation is exclusive, so services starting together agree on one pair.
 */
export function loadKeys(opts: {
  publicKey?: string;
  privateKey?: string;
  dataDir: string;
  needPrivate: boolean;
}): KeyPair {
  const publicKey = pemFromEnv(opts.publicKey);
  const privateKey = pemFromEnv(opts.privateKey);
  if (publicKey && (privateKey || !opts.needPrivate)) return { publicKey, privateKey };
  const dir = path.join(opts.dataDir, 'keys');
  const pubFile = path.join(dir, 'jwt-public.pem');
  const privFile = path.join(dir, 'jwt-private.pem');
  if (!fs.existsSync(pubFile)) {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const pair = crypto.generateKeyPairSync('ec', {
      namedCurve: 'P-256',
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    try {
      fs.writeFileSync(privFile, pair.privateKey, { flag: 'wx', mode: 0o600 });
      fs.writeFileSync(pubFile, pair.publicKey, { flag: 'wx', mode: 0o644 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  // Another process may be between its two writes: wait briefly for the public half.
  for (let i = 0; i < 50 && !fs.existsSync(pubFile); i++)
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
  return {
    publicKey: fs.readFileSync(pubFile, 'utf8'),
    privateKey: opts.needPrivate ? fs.readFileSync(privFile, 'utf8') : undefined,
  };
}

export function generateKeyPair(): Required<KeyPair> {
  const pair = crypto.generateKeyPairSync('ec', {
    namedCurve: 'P-256',
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { publicKey: pair.publicKey, privateKey: pair.privateKey };
}
