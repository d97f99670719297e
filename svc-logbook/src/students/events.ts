import { z } from 'zod';
import { applyIfNewer, eventsRouter, type InternalEvent } from '@logbook/service-kit/internal';
import { parseOr400 } from '@logbook/service-kit/errors';
import { StudentRecordModel } from './model';

const hours = z.number().min(0).max(10_000);

/** svc-students' `student` event: the profile as the log book shows and prints it. */
const studentEventSchema = z.object({
  userId: z.number().int().positive(),
  firstName: z.string().max(200),
  lastName: z.string().max(200),
  dateOfBirth: z.string().max(20),
  licenseNumber: z.string().max(100).nullable(),
  permitDate: z.string().max(20).nullable().optional(),
  openingBalance: z.object({ dayHours: hours, nightHours: hours, note: z.string().max(1000) }).nullable(),
  subscriptionStatus: z.string().min(1).max(40).optional(),
});

/** svc-billing's `subscription` event: the student's subscription status. */
const subscriptionEventSchema = z.object({
  userId: z.number().int().positive(),
  status: z.string().min(1).max(40),
});

async function applyStudent(event: InternalEvent) {
  const { subscriptionStatus, ...profile } = parseOr400(studentEventSchema, event.data);
  await applyIfNewer(StudentRecordModel, event.key, 'studentVersion', event.version, profile);
  // Until svc-billing's own events reach this copy, the status svc-students last heard from billing stands in.
  if (subscriptionStatus) {
    await StudentRecordModel.updateOne({ _id: event.key, subscriptionVersion: null }, { $set: { subscriptionStatus } });
  }
}

async function applySubscription(event: InternalEvent) {
  const data = parseOr400(subscriptionEventSchema, event.data);
  await applyIfNewer(StudentRecordModel, event.key, 'subscriptionVersion', event.version, {
    subscriptionStatus: data.status,
  });
}

/** Where the owners of students and subscriptions send their changes. */
export const studentEventsRouter = eventsRouter({ student: applyStudent, subscription: applySubscription });
