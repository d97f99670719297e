import { AuthSessionModel } from '@logbook/service-kit/auth';

/**
 * Ends every session of the family: the parent's on every device and every student's, except the one named (the
 * device that made the change).
 */
export async function endFamilySessions(userId: number, except?: string): Promise<void> {
  await AuthSessionModel.deleteMany({ userId, ...(except === undefined ? {} : { _id: { $ne: except } }) });
}
