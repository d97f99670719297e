import { COUPON_DEFAULTS } from '@logbook/contracts/constants';
import { defineModel } from '@logbook/service-kit/model';

/** A discount code for subscriptions, with its defaults. */
export interface CouponRecord {
  _id: number;
  code: string;
  discountPercent: number;
  isActive: boolean;
  usedCount: number;
  maxUses?: number | null;
  expiresAt?: Date | null;
  createdAt: Date;
}

export const CouponModel = defineModel<CouponRecord>(
  'Coupon',
  'coupons',
  {
    _id: Number,
    code: { type: String, required: true, unique: true },
    discountPercent: { type: Number, default: COUPON_DEFAULTS.discountPercent, min: 0, max: 100 },
    isActive: { type: Boolean, default: COUPON_DEFAULTS.isActive },
    usedCount: { type: Number, default: COUPON_DEFAULTS.usedCount, min: 0 },
    maxUses: { type: Number, default: null },
    expiresAt: { type: Date, default: null },
    createdAt: { type: Date, default: () => new Date() },
  },
  // A unique code: Model.init() builds the index only when autoIndex is on, and the connection turns it off.
  { autoIndex: true },
);

/**
 * One document per use of a limited coupon, numbered 1..maxUses. The unique _id is what makes the last slot go to
 * exactly one request, whatever the database does with concurrent increments.
 */
export interface CouponSlot {
  _id: string;
  couponId: number;
  n: number;
  takenAt: Date;
}

export const CouponSlotModel = defineModel<CouponSlot>('CouponSlot', 'coupon_slots', {
  _id: String,
  couponId: { type: Number, required: true },
  n: { type: Number, required: true },
  takenAt: Date,
});
