import { BILLING_ERRORS } from '@logbook/contracts/billing';
import { couponInputSchema, type CouponInput } from '@logbook/contracts/schemas';
import { createWithNumericId } from '@logbook/service-kit/counters';
import { insertUnlessTaken, isDuplicateKey } from '@logbook/service-kit/db';
import { badRequest, conflict, parseOr400 } from '@logbook/service-kit/errors';
import { CouponModel, CouponSlotModel, type CouponRecord } from './model';

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
  /** The numbered slot this use took (limited coupons only), so that giving the use back frees that one. */
  slotId?: string;
}

/**
 * Count one use of a coupon. A limited coupon's uses are numbered slots with unique ids, so two requests racing for
 * the last slot cannot both have it.
 */
export async function redeemCoupon(code: string, now = new Date()): Promise<RedeemedCoupon> {
  const coupon = await CouponModel.findOne({ code }).lean();
  // One answer for every code that cannot be used, so that a guess never learns that a code exists.
  const unusable = () => badRequest(BILLING_ERRORS.couponUnusable);
  if (!coupon || !coupon.isActive) throw unusable();
  if (coupon.expiresAt && new Date(coupon.expiresAt) <= now) throw unusable();
  const limit = coupon.maxUses ?? null;
  if (limit !== null && coupon.usedCount >= limit) throw unusable();
  let slotId: string | undefined;
  if (limit !== null) {
    for (let n = 1; n <= limit && !slotId; n++) {
      const slot = { _id: `${coupon._id}#${n}`, couponId: coupon._id, n, takenAt: now };
      if (await insertUnlessTaken(CouponSlotModel, slot)) slotId = slot._id;
    }
    if (!slotId) throw unusable();
  }
  await CouponModel.updateOne({ _id: coupon._id }, { $inc: { usedCount: 1 } });
  return { code: coupon.code, discountPercent: coupon.discountPercent, ...(slotId ? { slotId } : {}) };
}

/**
 * Give a use back when the subscription it was counted for was not made. The slot this use took is the one freed:
 * two uses given back at once then free two slots, never the same one twice.
 */
export async function releaseCoupon(redeemed: RedeemedCoupon): Promise<void> {
  const coupon = await CouponModel.findOne({ code: redeemed.code }).lean();
  if (!coupon) return;
  if (redeemed.slotId) {
    const freed = await CouponSlotModel.deleteOne({ _id: redeemed.slotId, couponId: coupon._id });
    if (freed.deletedCount !== 1) return;
  }
  await CouponModel.updateOne({ _id: coupon._id, usedCount: { $gt: 0 } }, { $inc: { usedCount: -1 } });
}
