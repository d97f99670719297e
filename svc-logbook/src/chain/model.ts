import mongoose, { Schema } from 'mongoose';
import type { WindowCounter } from '@logbook/service-kit/rate-limit-store';

/**
 * Where a student's chain of session hashes ends. Its presence also says the sessions logged before the chain existed
 * have been sealed into it; `head` lets verification notice a last entry that was removed.
 */
export interface SessionChain {
  _id: number;
  head: string;
  lastId: number;
  /**
   * How many entries were marked superseded or removed. The marks are outside the hashes, so they do not move the
   * head: this count is part of the log's version, so lists and checks kept for the old version are not reused.
   */
  changes?: number;
}

export const SessionChainModel: mongoose.Model<SessionChain> =
  (mongoose.models.SessionChain as mongoose.Model<SessionChain>) ??
  mongoose.model<SessionChain>(
    'SessionChain',
    new Schema<SessionChain>(
      {
        _id: Number,
        head: { type: String, required: true },
        lastId: { type: Number, required: true },
        changes: Number,
      },
      { versionKey: false },
    ),
    'session_chains',
  );

/** The code printed on a student's log book that lets anyone check it without signing in. */
export interface VerificationCode {
  _id: string;
  studentId: number;
  createdAt: Date;
}

const verificationCodeSchema = new Schema<VerificationCode>(
  {
    _id: String,
    studentId: { type: Number, required: true },
    createdAt: { type: Date, default: () => new Date() },
  },
  { versionKey: false },
);
// One code per student, so every printed copy of the log book carries the same one.
verificationCodeSchema.index({ studentId: 1 }, { unique: true });

export const VerificationCodeModel: mongoose.Model<VerificationCode> =
  (mongoose.models.VerificationCode as mongoose.Model<VerificationCode>) ??
  mongoose.model<VerificationCode>('VerificationCode', verificationCodeSchema, 'verification_codes');

/** How many public checks one address made in its current window, shared by every instance of the service. */
const verificationLimitSchema = new Schema<WindowCounter>(
  { _id: String, hits: Number, expiresAt: { type: Date, required: true } },
  { versionKey: false },
);
verificationLimitSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });

export const VerificationLimitModel: mongoose.Model<WindowCounter> =
  (mongoose.models.VerificationLimit as mongoose.Model<WindowCounter>) ??
  mongoose.model<WindowCounter>('VerificationLimit', verificationLimitSchema, 'verification_limits');
