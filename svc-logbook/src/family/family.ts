import { deleteOwnedBy } from '@logbook/service-kit/model';
import { SessionChainModel, VerificationCodeModel } from '../chain/model';
import { DrivingSessionModel } from '../sessions/model';
import { withSignatures } from '../sessions/signatures';
import { SettingModel } from '../settings/model';
import { StudentRecordModel } from '../students/model';
import { SupervisorModel } from '../supervisors/model';

type Doc = Record<string, unknown>;

/** The family's students: those the log book's copy names, and any the caller names that this copy has not heard of. */
export async function familyStudentIds(userId: number, named: number[] = []): Promise<number[]> {
  const known = await StudentRecordModel.find({ userId }).select({ _id: 1 }).lean();
  // A student named by the caller counts only when no other family owns it here.
  const others = await StudentRecordModel.find({ _id: { $in: named }, userId: { $ne: userId } })
    .select({ _id: 1 })
    .lean();
  const foreign = new Set(others.map((o) => o._id));
  return [...new Set([...known.map((k) => k._id), ...named.filter((id) => !foreign.has(id))])].sort((a, b) => a - b);
}

/** A stored document as the family reads it: `id` for `_id`, nothing of the storage's own bookkeeping. */
function plain(doc: Doc, drop: string[] = []): Doc {
  const { _id, ...rest } = doc;
  for (const key of drop) delete rest[key];
  return { id: _id, ...rest };
}

async function sessionsWithSignatures(studentIds: number[]): Promise<Doc[]> {
  const sessions = await DrivingSessionModel.find({ studentId: { $in: studentIds } })
    .sort({ studentId: 1, date: 1, startTime: 1, _id: 1 })
    .lean();
  return (await withSignatures(sessions)).map(({ studentSignature, supervisorSignature, ...session }) => ({
    ...plain(session as unknown as Doc, ['signaturesId', 'studentSignaturePrint', 'supervisorSignaturePrint']),
    signatures: { student: studentSignature ?? null, supervisor: supervisorSignature ?? null },
  }));
}

/** Everything the log book holds of one family, as the family's own copy of it. */
export async function exportFamily(userId: number, named: number[] = []) {
  const studentIds = await familyStudentIds(userId, named);
  const [settings, chains, codes, sessions, savedSupervisors] = await Promise.all([
    SettingModel.find({ userId }).sort({ key: 1 }).lean(),
    SessionChainModel.find({ _id: { $in: studentIds } }).lean(),
    VerificationCodeModel.find({ studentId: { $in: studentIds } }).lean(),
    sessionsWithSignatures(studentIds),
    SupervisorModel.find({ userId }).sort({ _id: 1 }).lean<Doc[]>(),
  ]);
  return {
    studentIds,
    settings: settings.map((s) => ({ key: s.key, value: s.value, updatedAt: s.updatedAt })),
    supervisors: savedSupervisors.map((s) => plain(s, ['userId'])),
    sessions,
    chains: chains.map((c) => ({ studentId: c._id, head: c.head, lastSessionId: c.lastId })),
    verificationCodes: codes.map((c) => ({ studentId: c.studentId, code: c._id, createdAt: c.createdAt })),
  };
}

/** Deletes what the log book holds of these students in every collection it owns: by student, or keyed by them. */
async function deleteStudents(studentIds: number[]): Promise<void> {
  if (studentIds.length === 0) return;
  await deleteOwnedBy('svc-logbook', 'studentId', studentIds);
  // Kept by student id itself.
  await SessionChainModel.deleteMany({ _id: { $in: studentIds } });
  await StudentRecordModel.deleteMany({ _id: { $in: studentIds } });
}

/** Every log-book document of the family: its students' and the account's own (settings, supervisors...). */
export async function deleteFamily(userId: number, named: number[] = []): Promise<void> {
  await deleteStudents(await familyStudentIds(userId, named));
  await deleteOwnedBy('svc-logbook', 'userId', [userId]);
}

/** One student's log book: sessions, signatures, chain, verification code and the log book's copy of the student. */
export async function deleteStudent(studentId: number): Promise<void> {
  await deleteStudents([studentId]);
}
