import type { Callers } from '@logbook/service-kit/auth';
import { isDuplicateKey } from '@logbook/service-kit/db';
import type { VehicleList } from '@logbook/contracts/schemas';
import { vehicleRecordedFor } from '../settings/settings';
import { familyOf } from '../students/students';
import { VehicleModel } from './model';

/** The most a family's list offers: the cars it drives now, not every car it ever borrowed. */
const LISTED = 10;

/**
 * The family's vehicles, most recently used first, each with its latest odometer reading; and what the family's state's
 * log book records about the vehicle on a drive of the day asked (today unless asked), under the rule in force that day
 * (the session form asks for those).
 */
export async function listVehicles(callers: Callers, on?: string): Promise<VehicleList> {
  const userId = familyOf(callers);
  const [docs, { state, ...recorded }] = await Promise.all([
    VehicleModel.find({ userId }).sort({ lastUsedAt: -1, _id: -1 }).limit(LISTED).lean(),
    vehicleRecordedFor(userId, on),
  ]);
  return {
    recorded,
    state,
    vehicles: docs.map((doc) => ({
      registration: doc.registration,
      lastOdometer: doc.lastOdometer ?? null,
      lastUsedAt: doc.lastUsedAt.toISOString(),
    })),
  };
}

/**
 * A drive was logged in this car: it is remembered for the family, with the odometer at the end of the drive (else at
 * its start) when the drive is the latest logged in it.
 */
export async function vehicleUsed(
  userId: number,
  session: { vehicleRegistration?: string | null; odometerStart?: number | null; odometerEnd?: number | null },
  at: Date,
): Promise<void> {
  const registration = session.vehicleRegistration?.trim();
  if (!registration) return;
  const odometer = session.odometerEnd ?? session.odometerStart ?? null;
  const update = { $set: { lastUsedAt: at, ...(odometer === null ? {} : { lastOdometer: odometer }) } };
  try {
    await VehicleModel.updateOne({ userId, registration }, update, { upsert: true });
  } catch (error) {
    // The same car logged from two devices at once: the other upsert made it, so this one updates it.
    if (!isDuplicateKey(error)) throw error;
    await VehicleModel.updateOne({ userId, registration }, update);
  }
}
