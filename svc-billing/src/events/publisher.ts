import { normaliseStatus } from '@logbook/contracts/subscription';
import { outboxModel, Publisher } from '@logbook/service-kit/internal';
import { StudentBillingModel } from '../subscriptions/model';

/** This service's outbox: which readers have not yet heard of a student's latest subscription change. */
export const BillingOutboxModel = outboxModel('BillingOutbox', 'billing_outbox');

/**
 * `subscription` → svc-students (the status on the dashboard; a student login needs an active one) and svc-logbook
 * (logging and listing sessions need an active one).
 */
export const publisher = new Publisher(BillingOutboxModel, {
  subscription: {
    subscribers: ['students', 'logbook'],
    snapshot: async (studentId) => {
      const doc = await StudentBillingModel.findById(studentId)
        .select({ userId: 1, subscriptionStatus: 1, version: 1 })
        .lean();
      if (!doc) return null;
      return {
        version: doc.version ?? 0,
        data: { userId: doc.userId, status: normaliseStatus(doc.subscriptionStatus) },
      };
    },
  },
});
