import { defineModel } from '@logbook/service-kit/model';

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

export const VehicleModel = defineModel<VehicleRecord>(
  'Vehicle',
  'vehicles',
  {
    userId: { type: Number, required: true },
    registration: { type: String, required: true },
    lastOdometer: { type: Number, default: null },
    lastUsedAt: { type: Date, required: true },
  },
  // A registration once per family; the list is read most recently used first.
  { indexes: [[{ userId: 1, registration: 1 }, { unique: true }], [{ userId: 1, lastUsedAt: -1 }]] },
);
