import { BILLING_ERRORS } from '@logbook/contracts/billing';
import { couponInputSchema, type CouponInput } from '@logbook/contracts/schemas';
import { createWithNumericId } from '@logbook/service-kit/counters';
import { isDuplicateKey } from '@logbook/service-kit/db';
import { AppError, badRequest, conflict, parseOr400 } from '@logbook/service-kit/errors';
import { CouponModel, type CouponRecord } from './model';

export interface CouponView {
  id: number;
  code: string;
  discountPercent: number;
  isActive: boolean;
  usedCount: number;
  maxUses: number | null;
  expiresAt: string | null;
  createdAt: string;
}

const view = (c: CouponRecord): CouponView => ({
  id: c._id,
  code: c.code,
  discountPercent: c.discountPercent,
  isActive: c.isActive,
  usedCount: c.usedCount,
  maxUses: c.maxUses ?? null,
  expiresAt: c.expiresAt ? new Date(c.expiresAt).toISOString() : null,
  createdAt: new Date(c.createdAt).toISOString(),
});

export async function createCoupon(input: CouponInput): Promise<CouponView> {
  const data = parseOr400(couponInputSchema, input);
  try {
    const coupon = await createWithNumericId('coupons', (id) =>
      CouponModel.create({
        _id: id,
        code: data.code,
        discountPercent: data.discountPercent,
        isActive: data.isActive,
        maxUses: data.maxUses ?? null,
        expiresAt: data.expiresAt ?? null,
      }),
    );
    return view(coupon.toObject());
  } catch (err) {
    if (isDuplicateKey(err)) throw conflict(`Coupon ${data.code} already exists`);
    throw err;
  }
}

export async function listCoupons(): Promise<CouponView[]> {
  const coupons = await CouponModel.find({}).sort({ _id: 1 }).lean();
  return coupons.map(view);
}

export interface RedeemedCoupon {
  code: string;
  discountPercent: number;
}

/**
 * Count one use of a coupon, atomically: the increment only matches while a slot is free, so two requests racing
 * for the last slot cannot both have it.
 */
export async function redeemCoupon(code: string, now = new Date()): Promise<RedeemedCoupon> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const coupon = await CouponModel.findOne({ code }).lean();
    if (!coupon || !coupon.isActive) throw badRequest(BILLING_ERRORS.couponInvalid);
    if (coupon.expiresAt && new Date(coupon.expiresAt) <= now) throw badRequest(BILLING_ERRORS.couponExpired);
    const limit = coupon.maxUses ?? null;
    if (limit !== null && coupon.usedCount >= limit) throw badRequest(BILLING_ERRORS.couponUsedUp);
    const taken = await CouponModel.findOneAndUpdate(
      { _id: coupon._id, isActive: true, maxUses: limit, ...(limit === null ? {} : { usedCount: { $lt: limit } }) },
      { $inc: { usedCount: 1 } },
      { new: true },
    ).lean();
    if (taken) return { code: taken.code, discountPercent: taken.discountPercent };
    // Another request took a slot (or the coupon changed) between the read and the increment: judge it again.
  }
  throw new AppError(503, BILLING_ERRORS.couponUsedUp);
}

/** Give a use back when the subscription it was counted for was not made. */
export async function releaseCoupon(code: string): Promise<void> {
  await CouponModel.updateOne({ code, usedCount: { $gt: 0 } }, { $inc: { usedCount: -1 } });
}
