import crypto from 'node:crypto';
import bcrypt from 'bcryptjs';

export const BCRYPT_COST = 10;

export const hashPassword = (password: string) => bcrypt.hash(password, BCRYPT_COST);

// Compared against when the account does not exist, so that an unknown name costs as much time as a wrong password.
const DUMMY_HASH = bcrypt.hashSync(crypto.randomBytes(16).toString('hex'), BCRYPT_COST);

/** True only when there is a stored hash and the password matches it; always does one full bcrypt comparison. */
export async function passwordMatches(password: string, storedHash: string | null | undefined): Promise<boolean> {
  const usable = typeof storedHash === 'string' && storedHash.startsWith('$2');
  const matches = await bcrypt.compare(password, usable ? storedHash : DUMMY_HASH);
  return usable && matches;
}
