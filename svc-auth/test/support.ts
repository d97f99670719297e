import crypto from 'node:crypto';
import type { Response } from 'supertest';

export const uniqueEmail = (label = 'parent') => `${label}.${crypto.randomUUID().slice(0, 8)}@example.com`;

/** The Set-Cookie line for one cookie, if the response set it. */
export function setCookie(res: Response, name: string): string | undefined {
  const raw = res.headers['set-cookie'] as unknown as string[] | string | undefined;
  const lines = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return lines.find((line) => line.startsWith(`${name}=`));
}

/** The `name=value` pair to send back as a Cookie header. */
export function cookiePair(res: Response, name: string): string {
  const line = setCookie(res, name);
  if (!line) throw new Error(`no ${name} cookie was set`);
  return line.split(';')[0];
}

const BCRYPT_HASH = /\$2[aby]?\$\d\d\$/;

/** No answer may ever carry a password hash or a password field. */
export function expectNoSecrets(res: Response) {
  const text = res.text ?? '';
  expect(text).not.toMatch(BCRYPT_HASH);
  expect(text).not.toMatch(/"(password|studentPassword)"/);
}
