import crypto from 'node:crypto';
import type { Callers } from '@logbook/service-kit/auth';
import { createWithNumericId } from '@logbook/service-kit/counters';
import { isDuplicateKey } from '@logbook/service-kit/db';
import { badRequest, forbidden } from '@logbook/service-kit/errors';
import { API_ERRORS, VALIDATION } from '@logbook/contracts/messages';
import { calculateDuration } from '@logbook/contracts/duration';
import { computeProgress, type Progress } from '@logbook/contracts/progress';
import type { DrivingSessionData, SessionListQuery } from '@logbook/contracts/schemas';
import { findAccessibleStudent, hasActiveSubscription, openingBalanceOf } from '../students/students';
import type { OpeningBalance } from '../students/model';
import { targetsOf } from '../settings/settings';
import { DrivingSessionModel, type DrivingSessionRecord } from './model';
import { printableSignature } from './print-signature';
import { signatureBytes } from './signature';

/** A driving session as the API answers it (`id`, never `_id`; signatures only when asked for). */
export interface DrivingSessionView {
  id: number;
  studentId: number;
  date: string;
  startTime: string;
  endTime: string;
  duration: string;
  startSuburb: string;
  endSuburb: string;
  timeOfDay: string;
  trafficConditions: string;
  roadConditions: string;
  studentSignature?: string;
  supervisorName: string;
  supervisorLicenseNumber: string;
  supervisorSignature?: string;
  clientId: string;
  createdAt: string;
}

const LIST_FIELDS = {
  studentId: 1,
  date: 1,
  startTime: 1,
  endTime: 1,
  duration: 1,
  startSuburb: 1,
  endSuburb: 1,
  timeOfDay: 1,
  trafficConditions: 1,
  roadConditions: 1,
  supervisorName: 1,
  supervisorLicenseNumber: 1,
  clientId: 1,
  createdAt: 1,
} as const;
const FIELDS_WITH_SIGNATURES = { ...LIST_FIELDS, studentSignature: 1, supervisorSignature: 1 } as const;

/** The answer for one session; signatures only when asked for (the projection alone is not honoured by every server). */
export function toView(
  doc: Partial<DrivingSessionRecord> & { _id: number },
  withSignatures: boolean,
): DrivingSessionView {
  const view: DrivingSessionView = {
    id: doc._id,
    studentId: doc.studentId!,
    date: doc.date!,
    startTime: doc.startTime!,
    endTime: doc.endTime!,
    duration: doc.duration!,
    startSuburb: doc.startSuburb!,
    endSuburb: doc.endSuburb!,
    timeOfDay: doc.timeOfDay!,
    trafficConditions: doc.trafficConditions!,
    roadConditions: doc.roadConditions!,
    supervisorName: doc.supervisorName!,
    supervisorLicenseNumber: doc.supervisorLicenseNumber!,
    clientId: doc.clientId!,
    createdAt: (doc.createdAt ?? new Date(0)).toISOString(),
  };
  if (withSignatures) {
    view.studentSignature = doc.studentSignature;
    view.supervisorSignature = doc.supervisorSignature;
  }
  return view;
}

/** The duration the start and end give ('{n} hours'); a sent duration must agree with it. */
export function checkedDuration(startTime: string, endTime: string, sent: string): string {
  const duration = calculateDuration(startTime, endTime);
  if (!duration) throw badRequest(VALIDATION.sameStartAndEnd);
  if (sent.trim() !== duration) throw badRequest(VALIDATION.durationMismatch);
  return duration;
}

class AlreadyLogged extends Error {
  constructor(readonly session: DrivingSessionRecord) {
    super('This session is already logged');
  }
}

async function findByClientId(studentId: number, clientId: string) {
  return DrivingSessionModel.findOne({ studentId, clientId }).select(FIELDS_WITH_SIGNATURES).lean();
}

/**
 * Log a session for a student the callers may see. A repeated clientId (an offline outbox retrying) answers the
 * session already logged and logs nothing: `created` tells which happened.
 */
export async function logSession(
  callers: Callers,
  input: DrivingSessionData,
): Promise<{ session: DrivingSessionView; created: boolean }> {
  const duration = checkedDuration(input.startTime, input.endTime, input.duration);
  const studentSignaturePrint = printableSignature(signatureBytes(input.studentSignature));
  const supervisorSignaturePrint = printableSignature(signatureBytes(input.supervisorSignature));
  const student = await findAccessibleStudent(callers, input.studentId);
  if (input.clientId) {
    const existing = await findByClientId(student._id, input.clientId);
    if (existing) return { session: toView(existing, true), created: false };
  }
  if (!hasActiveSubscription(student)) throw forbidden(API_ERRORS.subscriptionRequired);
  const clientId = input.clientId ?? crypto.randomUUID();
  try {
    const doc = await createWithNumericId('driving_sessions', async (id) => {
      try {
        return await DrivingSessionModel.create({
          _id: id,
          studentId: student._id,
          date: input.date,
          startTime: input.startTime,
          endTime: input.endTime,
          duration,
          startSuburb: input.startSuburb,
          endSuburb: input.endSuburb,
          timeOfDay: input.timeOfDay,
          trafficConditions: input.trafficConditions,
          roadConditions: input.roadConditions,
          studentSignature: input.studentSignature,
          supervisorName: input.supervisorName,
          supervisorLicenseNumber: input.supervisorLicenseNumber,
          supervisorSignature: input.supervisorSignature,
          clientId,
          studentSignaturePrint: studentSignaturePrint?.toString('base64'),
          supervisorSignaturePrint: supervisorSignaturePrint?.toString('base64'),
          createdAt: new Date(),
        });
      } catch (err) {
        // The same submission arriving twice at once: the unique index lets one in, the other answers with it.
        // (Checked here because a duplicate id is retried by the counter and a duplicate submission must not be.)
        if (isDuplicateKey(err)) {
          const existing = await findByClientId(student._id, clientId);
          if (existing) throw new AlreadyLogged(existing);
        }
        throw err;
      }
    });
    return { session: toView(doc.toObject(), true), created: true };
  } catch (err) {
    if (err instanceof AlreadyLogged) return { session: toView(err.session, true), created: false };
    throw err;
  }
}

export async function listSessions(
  callers: Callers,
  studentId: number,
  query: SessionListQuery,
): Promise<DrivingSessionView[]> {
  if (query.fromDate && query.toDate && query.fromDate > query.toDate) throw badRequest(VALIDATION.dateRangeInvalid);
  const student = await findAccessibleStudent(callers, studentId);
  const filter: Record<string, unknown> = { studentId: student._id };
  if (query.fromDate || query.toDate) {
    filter.date = {
      ...(query.fromDate ? { $gte: query.fromDate } : {}),
      ...(query.toDate ? { $lte: query.toDate } : {}),
    };
  }
  if (query.timeOfDay) filter.timeOfDay = query.timeOfDay;
  const withSignatures = query.include === 'signatures';
  const docs = await DrivingSessionModel.find(filter)
    .select(withSignatures ? FIELDS_WITH_SIGNATURES : LIST_FIELDS)
    .sort({ date: -1, startTime: -1, _id: -1 })
    .lean();
  return docs.map((doc) => toView(doc, withSignatures));
}

export interface StudentSummary extends Progress {
  openingBalance: Required<OpeningBalance> | null;
}

/** Progress of one student against their family's targets, the numbers the screens and the PDF both show. */
export async function progressOf(student: {
  _id: number;
  userId: number;
  openingBalance?: OpeningBalance | null;
}): Promise<StudentSummary> {
  const [targets, sessions] = await Promise.all([
    targetsOf(student.userId),
    DrivingSessionModel.find({ studentId: student._id }).select({ duration: 1, timeOfDay: 1 }).lean(),
  ]);
  const openingBalance = openingBalanceOf(student);
  const progress = computeProgress(sessions, targets, {
    dayHours: openingBalance?.dayHours ?? 0,
    nightHours: openingBalance?.nightHours ?? 0,
  });
  return { ...progress, openingBalance };
}

export async function summaryOf(callers: Callers, studentId: number): Promise<StudentSummary> {
  const student = await findAccessibleStudent(callers, studentId);
  return progressOf(student);
}
