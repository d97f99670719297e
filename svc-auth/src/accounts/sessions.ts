import { AuthSessionModel } from '@logbook/service-kit/auth';

/** Ends every session of the parent account, except the one named (the device that made the change). */
export async function endParentSessions(userId: number, except?: string): Promise<void> {
  await AuthSessionModel.deleteMany({
    role: 'parent',
    subjectId: userId,
    ...(except === undefined ? {} : { _id: { $ne: except } }),
  });
}

/** Ends every session of the family: the parent's on every device and every student's. */
export async function endFamilySessions(userId: number): Promise<void> {
  await AuthSessionModel.deleteMany({ userId });
}
