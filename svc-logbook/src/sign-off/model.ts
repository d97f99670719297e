import { defineModel } from '@logbook/service-kit/model';

/**
 * A link that lets a supervisor sign one entry on their own phone. Only the SHA-256 of the token is kept: the token
 * itself is in the email alone. A link is live while unused, not cancelled, not expired and its entry still awaits.
 */
export interface SignOffLinkRecord {
  /** SHA-256 (hex) of the token. */
  _id: string;
  sessionId: number;
  studentId: number;
  /** The parent account: the family the entry belongs to. */
  userId: number;
  supervisorEmail: string;
  createdAt: Date;
  expiresAt: Date;
  usedAt?: Date;
  cancelledAt?: Date;
  /** Signings that could not be sealed (a bad signature image, say): past a few the link stops working. */
  failedSeals?: number;
}

export const SignOffLinkModel = defineModel<SignOffLinkRecord>('SignOffLink', 'sign_off_links', {
  _id: String,
  sessionId: { type: Number, required: true, index: true },
  studentId: { type: Number, required: true },
  userId: { type: Number, required: true },
  supervisorEmail: { type: String, required: true },
  createdAt: { type: Date, required: true },
  // Kept a month past its end (for the family's questions), then gone.
  expiresAt: { type: Date, required: true, index: { expireAfterSeconds: 30 * 24 * 3600 } },
  usedAt: Date,
  cancelledAt: Date,
  failedSeals: Number,
});

/**
 * One request for a signature sent (or sent again): what the limits count. Kept by the mailboxes alone (hashes of the
 * family's address and the supervisor's), outside the family's data, so closing an account and opening another with
 * the same address does not renew them; gone a day or two later.
 */
export interface SignOffRequestRecord {
  _id: string;
  /** `mailboxKey` of the parent account's email. */
  family: string;
  /** `mailboxKey` of the supervisor's email. */
  recipient: string;
  at: Date;
}

export const SignOffRequestModel = defineModel<SignOffRequestRecord>(
  'SignOffRequest',
  'sign_off_requests',
  {
    _id: String,
    family: { type: String, required: true },
    recipient: { type: String, required: true },
    at: { type: Date, required: true, index: { expireAfterSeconds: 2 * 24 * 3600 } },
  },
  { indexes: [[{ family: 1, at: 1 }], [{ recipient: 1, at: 1 }]] },
);
