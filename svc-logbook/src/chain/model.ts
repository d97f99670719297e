import type { WindowCounter } from '@logbook/service-kit/rate-limit-store';
import { defineModel, WINDOW_COUNTER_FIELDS, expiresAtIndex } from '@logbook/service-kit/model';

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

export const SessionChainModel = defineModel<SessionChain>('SessionChain', 'session_chains', {
  _id: Number,
  head: { type: String, required: true },
  lastId: { type: Number, required: true },
  changes: Number,
});

/** The code printed on a student's log book that lets anyone check it without signing in. */
export interface VerificationCode {
  _id: string;
  studentId: number;
  createdAt: Date;
}

export const VerificationCodeModel = defineModel<VerificationCode>(
  'VerificationCode',
  'verification_codes',
  {
    _id: String,
    studentId: { type: Number, required: true },
    createdAt: { type: Date, default: () => new Date() },
  },
  {
    indexes: [
      // One code per student, so every printed copy of the log book carries the same one.
      [{ studentId: 1 }, { unique: true }],
    ],
  },
);

/** How many public checks one address made in its current window, shared by every instance of the service. */
export const VerificationLimitModel = defineModel<WindowCounter>(
  'VerificationLimit',
  'verification_limits',
  WINDOW_COUNTER_FIELDS,
  { indexes: [expiresAtIndex()] },
);
