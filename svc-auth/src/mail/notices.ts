import { z } from 'zod';
import { internalStudentSchema } from '@logbook/contracts/internal-api';
import { callInternal } from '@logbook/service-kit/internal';
import { logger } from '@logbook/service-kit/logger';
import { mailOrigin, queueMail } from './queue';
import { mailTemplates } from './templates';

export const noticeSchema = z.object({
  kind: z.enum(['trial_will_end', 'payment_failed', 'payment_action_required', 'chargeback']),
  studentId: z.number().int().positive(),
  studentName: z.string().trim().min(1).max(120).optional(),
  at: z.iso.datetime({ offset: true }).optional(),
  /** For a trial's end: whether a card is saved, which decides whether the subscription goes on or ends. */
  cardSaved: z.boolean().optional(),
  /** For a trial's end: the parent canceled in the trial, so it ends with it. */
  canceled: z.boolean().optional(),
});
export type Notice = z.infer<typeof noticeSchema>;

const TEMPLATES = {
  trial_will_end: mailTemplates.trialWillEnd,
  payment_failed: mailTemplates.paymentFailed,
  payment_action_required: mailTemplates.paymentActionRequired,
  chargeback: mailTemplates.chargeback,
} as const;

/** The student's first name as svc-students has it, when it is this parent's student; else the email says "your student". */
async function studentName(parentId: number, studentId: number): Promise<string | undefined> {
  try {
    const reply = await callInternal(internalStudentSchema, 'students', 'GET', `/internal/students/${studentId}`);
    return reply.ok && reply.body.userId === parentId ? reply.body.firstName : undefined;
  } catch (err) {
    logger.warn({ err, studentId }, 'student name not available for a notice');
    return undefined;
  }
}

export async function queueNotice(user: { _id: number; email: string }, notice: Notice): Promise<void> {
  const name = notice.studentName ?? (await studentName(user._id, notice.studentId));
  const mail = TEMPLATES[notice.kind]({ ...notice, origin: mailOrigin(), studentName: name });
  await queueMail(user.email, notice.kind, mail, user._id);
}
