import mongoose, { Schema } from 'mongoose';

/** A car a family logged a drive in, remembered so the session form offers it next time. */
export interface VehicleRecord {
  /** The parent account: the family the vehicle belongs to. */
  userId: number;
  /** The number plate, upper-cased as the session keeps it. */
  registration: string;
  /** The odometer at the end of the latest drive logged in it that said one, in whole kilometres. */
  lastOdometer: number | null;
  lastUsedAt: Date;
}

const vehicleSchema = new Schema<VehicleRecord>(
  {
    userId: { type: Number, required: true },
    registration: { type: String, required: true },
    lastOdometer: { type: Number, default: null },
    lastUsedAt: { type: Date, required: true },
  },
  { versionKey: false },
);
// A registration once per family; the list is read most recently used first.
vehicleSchema.index({ userId: 1, registration: 1 }, { unique: true });
vehicleSchema.index({ userId: 1, lastUsedAt: -1 });

export const VehicleModel: mongoose.Model<VehicleRecord> =
  (mongoose.models.Vehicle as mongoose.Model<VehicleRecord>) ??
  mongoose.model<VehicleRecord>('Vehicle', vehicleSchema, 'vehicles');
