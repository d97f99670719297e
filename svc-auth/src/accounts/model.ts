import { defineModel } from '@logbook/service-kit/model';

export interface User {
  _id: number;
  username: string;
  email: string;
  password: string;
  /**
   * The family this guardian belongs to. A family's id is its first guardian's user id, so the records of accounts
   * made before families existed stay theirs; the start-up migration (giveEveryAccountAFamily) sets it on those.
   */
  familyId?: number;
  stripeCustomerId?: string;
  createdAt: Date;
}

export const UserModel = defineModel<User>(
  'User',
  'users',
  {
    _id: Number,
    username: { type: String, required: true, unique: true },
    email: { type: String, required: true, unique: true },
    password: { type: String, required: true },
    familyId: { type: Number, index: true },
    stripeCustomerId: { type: String },
    createdAt: { type: Date, default: () => new Date() },
  },
  // The connection turns index building off; these unique indexes are what make duplicate emails impossible.
  { autoIndex: true, hidden: ['password'] },
);
