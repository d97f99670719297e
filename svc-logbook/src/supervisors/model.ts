import mongoose, { Schema } from 'mongoose';

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

const supervisorSchema = new Schema<SupervisorRecord>(
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
  { versionKey: false },
);
// The family's list, most recently used first.
supervisorSchema.index({ userId: 1, lastUsedAt: -1, createdAt: -1 });
// "Remember this supervisor" from two devices at once saves one: a name and licence number once per family.
supervisorSchema.index({ userId: 1, name: 1, licenseNumber: 1 }, { unique: true });

export const SupervisorModel: mongoose.Model<SupervisorRecord> =
  (mongoose.models.Supervisor as mongoose.Model<SupervisorRecord>) ??
  mongoose.model<SupervisorRecord>('Supervisor', supervisorSchema, 'supervisors');
