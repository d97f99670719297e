import { FAMILY_MESSAGES } from '@logbook/contracts/family';
import { nextId } from '@logbook/service-kit/counters';
import { conflict, forbidden, notFound } from '@logbook/service-kit/errors';
import { UserModel, type User } from '../accounts/model';
import { endGuardianSessions } from '../accounts/sessions';

/** A user's family: the one they joined, or (an account from before families) their own id. */
export const familyIdOf = (user: Pick<User, '_id' | 'familyId'>): number => user.familyId ?? user._id;

/** The family's guardians, longest-standing first. */
export async function guardiansOf(familyId: number) {
  return UserModel.find({ familyId }).select({ _id: 1, email: 1, familyId: 1 }).sort({ _id: 1 }).lean();
}

/** A guardian's own account: their email and the family they act for now (null when there is no such account). */
export async function guardianAccount(guardianId: number) {
  const user = await UserModel.findById(guardianId).select({ _id: 1, email: 1, familyId: 1 }).lean();
  return user ? { id: user._id, email: user.email, familyId: familyIdOf(user) } : null;
}

/**
 * The guardian who holds the family's subscription: the first guardian (whose id the family's billing records are
 * kept by) while they are in it, else the longest-standing guardian. They alone change the card, cancel or resume,
 * and remove other guardians; the family's billing and notice emails go to them.
 */
export async function billingOwnerOf(familyId: number): Promise<number | undefined> {
  const guardians = await guardiansOf(familyId);
  return (guardians.find((g) => g._id === familyId) ?? guardians[0])?._id;
}

/**
 * Moves a guardian out of their family into a new one of their own, under an id taken from the accounts' counter so
 * it can never be another account's (their own id may be the family they leave), and ends their sessions, which
 * acted for the family. Guarded on the family they were in: of two racing moves one wins.
 */
async function moveOut(guardianId: number, familyId: number): Promise<boolean> {
  const fresh = await nextId('users');
  const moved = await UserModel.updateOne({ _id: guardianId, familyId }, { $set: { familyId: fresh } });
  await endGuardianSessions(guardianId);
  return moved.modifiedCount === 1;
}

/** A guardian leaves; the family and its data stay with the others. The only guardian closes the account instead. */
export async function leaveFamily(guardianId: number, familyId: number): Promise<void> {
  const guardians = await guardiansOf(familyId);
  if (!guardians.some((g) => g._id === guardianId)) return;
  if (guardians.length < 2) throw conflict(FAMILY_MESSAGES.lastGuardian);
  await moveOut(guardianId, familyId);
  // Two last guardians leaving at once would leave the family with none: the later one stays.
  if ((await guardiansOf(familyId)).length === 0) {
    await UserModel.updateOne({ _id: guardianId }, { $set: { familyId } });
    throw conflict(FAMILY_MESSAGES.lastGuardian);
  }
}

/** The billing owner removes another guardian, who is signed out at once and keeps nothing of the family. */
export async function removeGuardian(callerId: number, familyId: number, guardianId: number): Promise<void> {
  if ((await billingOwnerOf(familyId)) !== callerId) throw forbidden(FAMILY_MESSAGES.onlyBillingOwner);
  const guardians = await guardiansOf(familyId);
  if (guardianId === callerId || !guardians.some((g) => g._id === guardianId))
    throw notFound(FAMILY_MESSAGES.notAGuardian);
  await moveOut(guardianId, familyId);
}

/** Whether the guardian shares the family with anyone: closing the account then only takes them out of it. */
export async function hasOtherGuardians(guardianId: number, familyId: number): Promise<boolean> {
  return (await guardiansOf(familyId)).some((g) => g._id !== guardianId);
}

/** The account the family's mail and billing go to (the billing owner's), with a legacy billing id kept by its id. */
export async function familyContact(familyId: number) {
  const owner = (await billingOwnerOf(familyId)) ?? familyId;
  const [account, first] = await Promise.all([
    UserModel.findById(owner).select({ _id: 1, email: 1, createdAt: 1, stripeCustomerId: 1 }).lean(),
    owner === familyId ? undefined : UserModel.findById(familyId).select({ stripeCustomerId: 1 }).lean(),
  ]);
  if (!account) return null;
  return { ...account, stripeCustomerId: account.stripeCustomerId ?? first?.stripeCustomerId };
}
