import { defineModel } from '@logbook/service-kit/model';

/** A supervising driver a family saved for next time: never a signature, which is drawn again on every session. */
export interface SupervisorRecord {
  _id: number;
  /** The parent account: the family the supervisor belongs to. */
  userId: number;
  name: string;
  licenseNumber: string;
  isInstructor: boolean;
  licenceState?: string | null;
  fullLicenceYear?: number | null;
  /** Where the supervisor is asked to sign on their own phone. */
  email?: string | null;
  lastUsedAt: Date | null;
  createdAt: Date;
}

export const SupervisorModel = defineModel<SupervisorRecord>(
  'Supervisor',
  'supervisors',
  {
    _id: Number,
    userId: { type: Number, required: true },
    name: { type: String, required: true },
    licenseNumber: { type: String, required: true },
    isInstructor: { type: Boolean, default: false },
    licenceState: { type: String },
    fullLicenceYear: { type: Number },
    email: { type: String },
    lastUsedAt: { type: Date, default: null },
    createdAt: { type: Date, default: () => new Date() },
  },
  {
    indexes: [
      // The family's list, most recently used first.
      [{ userId: 1, lastUsedAt: -1, createdAt: -1 }],
      // "Remember this supervisor" from two devices at once saves one: a name and licence number once per family.
      [{ userId: 1, name: 1, licenseNumber: 1 }, { unique: true }],
    ],
  },
);
