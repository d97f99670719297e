import { applyIfNewer, eventsRouter, type TopicEvent } from '@logbook/service-kit/internal';
import { StudentRecordModel } from './model';

/** svc-students' `student` event: the profile as the log book shows and prints it. */
async function applyStudent(event: TopicEvent<'student'>) {
  // The learner key is svc-billing's (its free month): not kept here.
  const { subscriptionStatus, learnerKey: _forBilling, ...profile } = event.data;
  await applyIfNewer(StudentRecordModel, event.key, 'studentVersion', event.version, profile);
  // Until svc-billing's own events reach this copy, the status svc-students last heard from billing stands in.
  if (subscriptionStatus) {
    await StudentRecordModel.updateOne({ _id: event.key, subscriptionVersion: null }, { $set: { subscriptionStatus } });
  }
}

/** svc-billing's `subscription` event: the student's subscription status. */
async function applySubscription(event: TopicEvent<'subscription'>) {
  const { data } = event;
  await applyIfNewer(StudentRecordModel, event.key, 'subscriptionVersion', event.version, {
    subscriptionStatus: data.status,
  });
}

/** Where the owners of students and subscriptions send their changes. */
export const studentEventsRouter = eventsRouter({ student: applyStudent, subscription: applySubscription });
