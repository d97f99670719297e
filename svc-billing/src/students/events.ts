import { eventsRouter, type TopicEvent } from '@logbook/service-kit/internal';
import { StudentBillingModel } from '../subscriptions/model';
import { freeMonthKeyOf } from '../subscriptions/owners';
import { hadTrial, rememberFreeMonth } from '../subscriptions/subscriptions';

/**
 * svc-students' `student` event: a learner who has had the free month is remembered as they are called now as well,
 * whenever the name or birthday changes, so re-adding them under any of the names they had gives no second one.
 */
async function applyStudent(event: TopicEvent<'student'>) {
  const { userId, learnerKey } = event.data;
  const student = await StudentBillingModel.findById(event.key).lean();
  if (!learnerKey || !student || !(await hadTrial(student))) return;
  const key = await freeMonthKeyOf(userId, learnerKey);
  if (key) await rememberFreeMonth(key);
}

/** Where the owner of students sends their changes. */
export const studentEventsRouter = eventsRouter({ student: applyStudent });
