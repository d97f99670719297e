import { AuthSessionModel } from '@logbook/service-kit/auth';

/** Ends one guardian's sessions on every device, except the one named (the device that made the change). */
export async function endGuardianSessions(guardianId: number, except?: string): Promise<void> {
  await AuthSessionModel.deleteMany({
    role: 'parent',
    subjectId: guardianId,
    ...(except === undefined ? {} : { _id: { $ne: except } }),
  });
}

/** Ends every learner's session of the family (a student session's `userId` is its family). */
export async function endLearnerSessions(familyId: number): Promise<void> {
  await AuthSessionModel.deleteMany({ role: 'student', userId: familyId });
}
