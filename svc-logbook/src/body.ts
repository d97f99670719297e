import { VALIDATION } from '@logbook/contracts/messages';
import { badRequest } from '@logbook/service-kit/errors';

/** A JSON request body as an object; an absent body is an empty one, and arrays or scalars are refused. */
export function bodyObject(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw badRequest(VALIDATION.invalidInput);
  return body as Record<string, unknown>;
}
