import type { Callers } from '@logbook/service-kit/auth';
import { createWithNumericId } from '@logbook/service-kit/counters';
import { isDuplicateKey } from '@logbook/service-kit/db';
import { updateIfMatches } from '@logbook/service-kit/guarded';
import { conflict, forbidden, notFound } from '@logbook/service-kit/errors';
import { API_ERRORS } from '@logbook/contracts/messages';
import type { Supervisor, SupervisorList } from '@logbook/contracts/schemas';
import { familyOf } from '../students/students';
import { SupervisorModel, type SupervisorRecord } from './model';

export interface SupervisorData {
  name: string;
  licenseNumber: string;
  isInstructor: boolean;
  licenceState?: string | undefined;
  fullLicenceYear?: number | undefined;
  email?: string | undefined;
}

const toView = (doc: SupervisorRecord): Supervisor => ({
  id: doc._id,
  name: doc.name,
  licenseNumber: doc.licenseNumber,
  isInstructor: doc.isInstructor === true,
  licenceState: doc.licenceState ?? null,
  fullLicenceYear: doc.fullLicenceYear ?? null,
  email: doc.email || null,
  lastUsedAt: doc.lastUsedAt ? doc.lastUsedAt.toISOString() : null,
  createdAt: doc.createdAt.toISOString(),
});

/** Only a parent changes or removes a saved supervisor; a student may read them and add one while logging. */
function parentFamilyOf(callers: Callers): number {
  if (!callers.parent) throw forbidden(API_ERRORS.onlyParentsChangeSupervisors);
  return callers.parent.familyId;
}

/** Most recently used first; those never used after them, newest first. */
export async function listSupervisors(callers: Callers): Promise<SupervisorList> {
  const docs = await SupervisorModel.find({ userId: familyOf(callers) })
    .sort({ lastUsedAt: -1, createdAt: -1, _id: -1 })
    .lean();
  return { supervisors: docs.map(toView) };
}

/** Save a supervisor for the family; the same name and licence number already saved answers that one, updated. */
export async function addSupervisor(callers: Callers, input: SupervisorData): Promise<Supervisor> {
  return saveForFamily(familyOf(callers), input);
}

/** The values given, without those left out (undefined). */
const given = <T extends object>(values: T) =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;

async function saveForFamily(userId: number, input: SupervisorData): Promise<Supervisor> {
  const same = { userId, name: input.name, licenseNumber: input.licenseNumber };
  const existing = await SupervisorModel.findOne(same);
  if (existing) {
    existing.set(given(input));
    await existing.save();
    return toView(existing.toObject());
  }
  try {
    const doc = await createWithNumericId('supervisors', (id) =>
      SupervisorModel.create({ _id: id, userId, ...input, lastUsedAt: null, createdAt: new Date() }),
    );
    return toView(doc.toObject());
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
    // The same supervisor saved from another device at the same moment.
    const saved = await SupervisorModel.findOne(same).lean();
    if (!saved) throw err;
    return toView(saved);
  }
}

export async function updateSupervisor(callers: Callers, id: number, input: SupervisorData): Promise<Supervisor> {
  const userId = parentFamilyOf(callers);
  let found: boolean;
  try {
    found = await updateIfMatches(SupervisorModel, { _id: id, userId }, { $set: input });
  } catch (err) {
    // Renamed to a supervisor the family already saved: both stay as they are.
    if (isDuplicateKey(err)) throw conflict(API_ERRORS.supervisorExists);
    throw err;
  }
  const doc = found ? await SupervisorModel.findOne({ _id: id, userId }).lean() : null;
  if (!doc) throw notFound(API_ERRORS.supervisorNotFound);
  return toView(doc);
}

/** Removing a supervisor changes no session: each session keeps its own copy of the name and licence number. */
export async function removeSupervisor(callers: Callers, id: number): Promise<void> {
  const userId = parentFamilyOf(callers);
  const { deletedCount } = await SupervisorModel.deleteOne({ _id: id, userId });
  if (!deletedCount) throw notFound(API_ERRORS.supervisorNotFound);
}

/**
 * The saved supervisor a session used, marked as used now: the one picked (which must be the family's), else one
 * with the same name and licence number, else (when asked to remember) a new one. Answers its id, if any, and for
 * one picked, whether it is an instructor.
 */
export async function supervisorUsed(
  userId: number,
  session: {
    supervisorId?: number;
    supervisorName: string;
    supervisorLicenseNumber: string;
    supervisorLicenceState?: SupervisorData['licenceState'];
    supervisorFullLicenceYear?: number;
  },
  opts: { remember: boolean; isInstructor: boolean; at: Date },
): Promise<{ id?: number; isInstructor?: boolean }> {
  const used = { $set: { lastUsedAt: opts.at } };
  if (session.supervisorId !== undefined) {
    const picked = await updateIfMatches(SupervisorModel, { _id: session.supervisorId, userId }, used);
    const saved = picked
      ? await SupervisorModel.findById(session.supervisorId).select({ isInstructor: 1 }).lean()
      : null;
    if (!saved) throw notFound(API_ERRORS.supervisorNotFound);
    return { id: saved._id, isInstructor: saved.isInstructor === true };
  }
  // Someone else's licence, as the form asked it: kept with them as a saved supervisor's is.
  const licence = given({
    licenceState: session.supervisorLicenceState,
    fullLicenceYear: session.supervisorFullLicenceYear,
  });
  const same = { userId, name: session.supervisorName, licenseNumber: session.supervisorLicenseNumber };
  const matching = await SupervisorModel.findOne(same).select({ _id: 1 }).lean();
  if (
    matching &&
    (await updateIfMatches(SupervisorModel, { _id: matching._id, userId }, { $set: { ...used.$set, ...licence } }))
  ) {
    return { id: matching._id };
  }
  if (!opts.remember) return {};
  const saved = await saveForFamily(userId, {
    name: session.supervisorName,
    licenseNumber: session.supervisorLicenseNumber,
    isInstructor: opts.isInstructor,
    ...licence,
  });
  await SupervisorModel.updateOne({ _id: saved.id, userId }, { $set: { lastUsedAt: opts.at } });
  return { id: saved.id };
}
