import { defineModel } from '@logbook/service-kit/model';

/**
 * One email waiting to be sent. Requests only add to this queue; the sender sends in the background, retrying with a
 * growing wait. A sent message is removed (it holds an address and personal words); one that keeps failing stays,
 * marked failed, for an operator to see.
 */
export interface MailMessage {
  _id: string;
  /** The parent account it was written for, so closing the account removes what is still waiting. */
  userId?: number;
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  state: 'pending' | 'sending' | 'failed';
  attempts: number;
  nextAttemptAt: Date;
  lastError?: string;
  createdAt: Date;
}

export const MailMessageModel = defineModel<MailMessage>(
  'MailMessage',
  'mail_queue',
  {
    _id: String,
    userId: Number,
    kind: { type: String, required: true },
    to: { type: String, required: true },
    subject: { type: String, required: true },
    text: { type: String, required: true },
    html: { type: String, required: true },
    state: { type: String, required: true, enum: ['pending', 'sending', 'failed'] },
    attempts: { type: Number, required: true },
    nextAttemptAt: { type: Date, required: true },
    lastError: String,
    createdAt: { type: Date, required: true },
  },
  { autoIndex: true, indexes: [[{ state: 1, nextAttemptAt: 1 }], [{ userId: 1 }]] },
);
