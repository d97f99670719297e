import { updateIfMatches } from '@logbook/service-kit/guarded';
import { conflict } from '@logbook/service-kit/errors';
import { SIGN_OFF_MESSAGES } from '@logbook/contracts/sign-off';
import type { DrivingSessionData } from '@logbook/contracts/schemas';
import type { StudentRecord } from '../students/model';
import { sentFieldsOf } from './fields';
import { DrivingSessionModel, type DrivingSessionRecord } from './model';
import { recordChange } from './list-cache';
import type { DrivingSessionView } from './read';
import { storeSession, type RemoteSigning } from './store';

/**
 * The supervisor signed on their own phone: the entry is stored again with their signature, sealed into the chain
 * with the time and "signed remotely" (the unsealed copy that awaited goes), and counts from now on.
 */
export async function sealRemoteSignature(
  awaiting: DrivingSessionRecord,
  student: StudentRecord,
  signing: {
    supervisorName: string;
    supervisorLicenseNumber: string;
    supervisorSignature: string;
    remote: RemoteSigning;
  },
): Promise<DrivingSessionView> {
  // The awaiting copy gives its client id up, so an outbox retrying the first request finds the signed entry.
  const parked = `${awaiting.clientId}:awaited:${awaiting._id}`;
  const moved = await updateIfMatches(
    DrivingSessionModel,
    { _id: awaiting._id, status: 'awaiting' },
    { $set: { clientId: parked, 'signOff.status': 'signed' } },
  );
  if (!moved) throw conflict(SIGN_OFF_MESSAGES.notAwaiting);
  const input = {
    ...sentFieldsOf(awaiting),
    studentId: student._id,
    duration: awaiting.duration,
    studentSignature: awaiting.studentSignature!,
    supervisorName: signing.supervisorName,
    supervisorLicenseNumber: signing.supervisorLicenseNumber,
    supervisorSignature: signing.supervisorSignature,
    clientId: awaiting.clientId,
  } as DrivingSessionData;
  try {
    const { session } = await storeSession(student, input, awaiting.duration, {
      ...(typeof awaiting.correctionOf === 'number' ? { correctionOf: awaiting.correctionOf } : {}),
      // Who logged it stays as it was when the entry was asked to be signed.
      ...(awaiting.loggedBy && typeof awaiting.loggedById === 'number'
        ? { loggedBy: { guardianId: awaiting.loggedById, email: awaiting.loggedBy } }
        : {}),
      remote: signing.remote,
    });
    await DrivingSessionModel.deleteOne({ _id: awaiting._id, clientId: parked });
    await recordChange(student._id);
    return session;
  } catch (err) {
    await DrivingSessionModel.updateOne(
      { _id: awaiting._id, clientId: parked },
      { $set: { clientId: awaiting.clientId, 'signOff.status': 'awaiting' } },
    );
    throw err;
  }
}
