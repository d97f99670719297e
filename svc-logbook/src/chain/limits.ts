import { addressKey, keyedLimit } from '@logbook/service-kit/keyed-limit';
import { VerificationLimitModel } from './model';

/**
 * A public page's limit (no sign-in): `limit` requests a minute per address, counted in the database beside the
 * verification checks, so every instance of the service shares one allowance per address. `prefix` names what is
 * counted.
 */
export const perAddressLimit = (prefix: string, limit: number) =>
  keyedLimit({ model: VerificationLimitModel, prefix, windowMs: 60_000, limit, key: addressKey });
