import type { Request, RequestHandler, Response } from 'express';
import { INVITATIONS_PER_FAMILY_PER_DAY, INVITATIONS_PER_MAILBOX_PER_DAY } from '@logbook/contracts/family';
import { callers } from '@logbook/service-kit/auth';
import { addressKey, keyedLimit } from '@logbook/service-kit/keyed-limit';
import { mailboxKey } from '@logbook/service-kit/mailbox';
import { RateLimitModel } from '../limits/model';

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

const emailIn = (req: Request) => {
  const value = (req.body as Record<string, unknown> | undefined)?.email;
  return typeof value === 'string' && value.length <= 320 ? value : undefined;
};

/**
 * Invitations, like requests for a signature: so many a day per family, and so many a day to one mailbox whichever
 * families ask. Kept by the family's id and the mailbox's SHA-256, never by the account, so closing an account and
 * opening another renews nothing.
 */
export function invitationLimits(): RequestHandler[] {
  return [
    keyedLimit({
      model: RateLimitModel,
      prefix: 'invite:family:',
      windowMs: DAY_MS,
      limit: INVITATIONS_PER_FAMILY_PER_DAY,
      key: (_req: Request, res: Response) => {
        const familyId = callers(res).parent?.familyId;
        return familyId === undefined ? undefined : String(familyId);
      },
    }),
    keyedLimit({
      model: RateLimitModel,
      prefix: 'invite:mailbox:',
      windowMs: DAY_MS,
      limit: INVITATIONS_PER_MAILBOX_PER_DAY,
      key: (req: Request) => {
        const email = emailIn(req);
        return email === undefined ? undefined : mailboxKey(email);
      },
    }),
  ];
}

/** Following invitation links: 30 a minute per address, so tokens cannot be tried in bulk. */
export const invitationLinkLimit = (): RequestHandler =>
  keyedLimit({ model: RateLimitModel, prefix: 'invite-link:ip:', windowMs: MINUTE_MS, limit: 30, key: addressKey });
