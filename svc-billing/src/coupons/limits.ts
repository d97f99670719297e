import type { Request, RequestHandler, Response } from 'express';
import { callers } from '@logbook/service-kit/auth';
import { addressKey, keyedLimit } from '@logbook/service-kit/keyed-limit';
import type { WindowCounter } from '@logbook/service-kit/rate-limit-store';
import { defineModel, WINDOW_COUNTER_FIELDS, expiresAtIndex } from '@logbook/service-kit/model';

/** The window coupon look-ups are counted in; how many (per account, per address) is configured. */
const COUPON_LOOKUP_WINDOW_MS = 60 * 60_000;

export interface CouponLookupLimits {
  perAccount: number;
  perAddress: number;
}

/** Coupon look-ups counted per account and per address, shared by every instance of the service. */
export const CouponLimitModel = defineModel<WindowCounter>('CouponLimit', 'coupon_limits', WINDOW_COUNTER_FIELDS, {
  // Model.init() builds indexes only when autoIndex is on, and the connection turns it off.
  autoIndex: true,
  indexes: [expiresAtIndex()],
});

/** Only a request that names a coupon looks one up; a subscription without one is never limited here. */
const namesCoupon = (req: Request) => {
  const code = (req.body as Record<string, unknown> | undefined)?.couponCode;
  return code !== undefined && code !== null && code !== '';
};

/**
 * Limits on coupon look-ups, keyed by what the caller cannot choose: the signed-in parent's account id and the
 * address the request came from (never the code typed). Placed after the parent guard.
 */
export function couponLookupLimits(limits: CouponLookupLimits): RequestHandler[] {
  return [
    keyedLimit({
      model: CouponLimitModel,
      prefix: 'coupon:account:',
      windowMs: COUPON_LOOKUP_WINDOW_MS,
      limit: limits.perAccount,
      key: (req: Request, res: Response) => {
        const userId = callers(res).parent?.familyId;
        return namesCoupon(req) && userId !== undefined ? String(userId) : undefined;
      },
    }),
    keyedLimit({
      model: CouponLimitModel,
      prefix: 'coupon:ip:',
      windowMs: COUPON_LOOKUP_WINDOW_MS,
      limit: limits.perAddress,
      key: (req: Request) => (namesCoupon(req) ? addressKey(req) : undefined),
    }),
  ];
}
