import crypto from 'node:crypto';
import bcrypt from 'bcryptjs';
import { passwordHashing } from '@logbook/service-kit/password-hash';

const BCRYPT_COST = 10;

/** Hashed on a worker thread; refused with 503 (BusyError) when the workers cannot take it in time. */
export const hashPassword = (password: string) => passwordHashing.hash(password, BCRYPT_COST);

/** For routes that check a password: refused with 503 before any limit counts the attempt, when the workers are full. */
export const admitPasswordCheck = passwordHashing.admit;

// Compared against when the account does not exist, so that an unknown name costs as much time as a wrong password.
const DUMMY_HASH = bcrypt.hashSync(crypto.randomBytes(16).toString('hex'), BCRYPT_COST);

/** True only when there is a stored hash and the password matches it; always does one full bcrypt comparison. */
export async function passwordMatches(password: string, storedHash: string | null | undefined): Promise<boolean> {
  const usable = typeof storedHash === 'string' && storedHash.startsWith('$2');
  const matches = await passwordHashing.compare(password, usable ? storedHash : DUMMY_HASH);
  return usable && matches;
}
