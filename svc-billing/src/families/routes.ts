import { Router } from 'express';
import { AppError, parseId } from '@logbook/service-kit/errors';
import { internalRouter } from '@logbook/service-kit/internal';
import type { SubscriptionOptions } from '../subscriptions/subscriptions';
import { providerFailure } from '../providers/errors';
import { cancelFamily, cancelOneStudent, deleteFamily, deleteStudent } from './families';

/** Runs a cancel; a provider that cannot be reached is 503 `{ error }`, and the caller deletes nothing. */
async function cancelled(run: () => Promise<number>) {
  try {
    return { status: 200, body: { canceled: await run() } };
  } catch (err) {
    const failure = providerFailure(err);
    if (!(failure instanceof AppError) || failure.status < 500) throw err;
    return { status: 503, body: { error: failure.message, message: failure.message } };
  }
}

/** For svc-auth's account deletion and svc-students' removal of a student. */
export function familiesRouter(options: SubscriptionOptions): Router {
  const router = internalRouter();

  router.post('/internal/families/:parentId/cancel', async (req, res) => {
    const userId = parseId(req.params.parentId);
    const { status, body } = await cancelled(() => cancelFamily(options, userId));
    res.status(status).json(body);
  });

  router.delete('/internal/families/:parentId', async (req, res) => {
    await deleteFamily(parseId(req.params.parentId));
    res.status(204).end();
  });

  router.post('/internal/students/:studentId/cancel', async (req, res) => {
    const studentId = parseId(req.params.studentId);
    const { status, body } = await cancelled(() => cancelOneStudent(options, studentId));
    res.status(status).json(body);
  });

  router.delete('/internal/students/:studentId', async (req, res) => {
    const studentId = parseId(req.params.studentId);
    const { status, body } = await cancelled(async () => {
      await deleteStudent(options, studentId);
      return 0;
    });
    if (status !== 200) res.status(status).json(body);
    else res.status(204).end();
  });

  return router;
}
