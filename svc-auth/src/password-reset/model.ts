import { defineModel, expiresAtIndex } from '@logbook/service-kit/model';

/**
 * One link to choose a new password. Only the SHA-256 of its random token is kept (the id), so a copy of the database
 * opens no account; the link is spent by the one guarded update that marks it used.
 */
export interface PasswordResetToken {
  _id: string;
  userId: number;
  expiresAt: Date;
  /** Set by the one request that spends the link. */
  usedAt?: Date | null;
  createdAt: Date;
}

export const PasswordResetTokenModel = defineModel<PasswordResetToken>(
  'PasswordResetToken',
  'password_reset_tokens',
  {
    _id: String,
    userId: { type: Number, required: true, index: true },
    expiresAt: { type: Date, required: true },
    usedAt: Date,
    createdAt: { type: Date, required: true },
  },
  // A real MongoDB removes links some time after they expire; expiry itself is checked on use.
  { autoIndex: true, indexes: [expiresAtIndex()] },
);
