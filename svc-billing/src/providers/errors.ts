import Stripe from 'stripe';
import { BILLING_ERRORS } from '@logbook/contracts/billing';
import { AppError } from '@logbook/service-kit/errors';
import { logger } from '@logbook/service-kit/logger';

const { errors } = Stripe;

/**
 * The price (configured, or holding the product's lookup key) is not the product's price (A$0.99 a month, tax
 * included), or the GST rate is not 10% included: nothing is charged with them, and the service refuses to start (or
 * to subscribe) until they are put right.
 */
export class PriceRefused extends Error {}

/**
 * True when the provider may or may not have acted: no answer came back (a connection error or time-out), or it
 * answered with a server error (5xx), after which Stripe may still have made the object. A retry must then reuse the
 * idempotency key or first look for what was made.
 */
export function outcomeUnknown(err: unknown): boolean {
  if (noAnswer(err)) return true;
  return err instanceof errors.StripeError && typeof err.statusCode === 'number' && err.statusCode >= 500;
}

/**
 * The first request with this idempotency key is still running at Stripe (409 `idempotency_key_in_use`): it may yet
 * make the subscription, so its key is kept for the retry.
 */
const keyInUse = (err: unknown) => err instanceof errors.StripeError && err.code === 'idempotency_key_in_use';

/** No answer came back at all: the same idempotency key can still get the first request's own result. */
export const noAnswer = (err: unknown) => err instanceof errors.StripeConnectionError || keyInUse(err);

function isTimeout(err: InstanceType<typeof errors.StripeConnectionError>): boolean {
  const detail = (err as { detail?: { code?: string } }).detail;
  return detail?.code === 'ETIMEDOUT' || /timeout/i.test(err.message);
}

/**
 * A provider failure as the `{ message }` the subscribe screen shows: a card problem keeps the provider's own words
 * (they are written for the card holder); anything else gets a plain message, and the details go to the log.
 */
export function providerFailure(err: unknown): unknown {
  if (err instanceof PriceRefused) {
    logger.error({ msg: err.message }, 'PRICE REFUSED: no subscription is started with it');
    return new AppError(503, BILLING_ERRORS.providerUnauthorised);
  }
  if (!(err instanceof errors.StripeError)) return err;
  logger.warn(
    {
      provider: { type: err.type, code: err.code, statusCode: err.statusCode, requestId: err.requestId },
      msg: err.message,
    },
    'payment provider error',
  );
  if (err instanceof errors.StripeCardError) return new AppError(402, err.message || BILLING_ERRORS.providerRejected);
  if (keyInUse(err)) return new AppError(409, BILLING_ERRORS.providerConflict);
  if (err instanceof errors.StripeRateLimitError) return new AppError(503, BILLING_ERRORS.providerBusy);
  if (err instanceof errors.StripeIdempotencyError) return new AppError(409, BILLING_ERRORS.providerConflict);
  if (err instanceof errors.StripeInvalidRequestError) return new AppError(502, BILLING_ERRORS.providerRejected);
  if (err instanceof errors.StripeAuthenticationError || err instanceof errors.StripePermissionError)
    return new AppError(502, BILLING_ERRORS.providerUnauthorised);
  if (err instanceof errors.StripeConnectionError)
    return new AppError(
      isTimeout(err) ? 504 : 502,
      isTimeout(err) ? BILLING_ERRORS.providerTimeout : BILLING_ERRORS.providerUnavailable,
    );
  return new AppError(502, BILLING_ERRORS.providerUnavailable);
}

/** What the provider answers to `call`; a failure becomes what the caller is told (see providerFailure). */
export async function atProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw providerFailure(err);
  }
}

/** The customer named in the request no longer exists at the provider (deleted in its dashboard). */
export const isMissingCustomer = (err: unknown) =>
  err instanceof errors.StripeInvalidRequestError && err.code === 'resource_missing' && err.param === 'customer';

export const isMissingAtProvider = (err: unknown) =>
  err instanceof errors.StripeInvalidRequestError && (err.statusCode === 404 || err.code === 'resource_missing');

/** What `call` answers, or null when what it reads or changes is not (or no longer) at the provider. */
export async function unlessMissing<T>(call: () => Promise<T>): Promise<T | null> {
  try {
    return await call();
  } catch (err) {
    if (isMissingAtProvider(err)) return null;
    throw err;
  }
}
