import { accountOf, callers } from '@logbook/service-kit/auth';
import { addressKey, keyedLimit } from '@logbook/service-kit/keyed-limit';
import { VerificationLimitModel } from './model';

/**
 * A public page's limit (no sign-in): `limit` requests a minute per address, counted in the database beside the
 * verification checks, so every instance of the service shares one allowance per address. `prefix` names what is
 * counted.
 */
export const perAddressLimit = (prefix: string, limit: number) =>
  keyedLimit({ model: VerificationLimitModel, prefix, windowMs: 60_000, limit, key: addressKey });

/** A family's limit: `limit()` requests an hour, whichever of the family sends them and from however many devices. */
export const perFamilyLimit = (prefix: string, limit: () => number) =>
  keyedLimit({
    model: VerificationLimitModel,
    prefix,
    windowMs: 3_600_000,
    limit,
    key: (_req, res) => String(accountOf(callers(res))),
  });
