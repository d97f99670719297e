import { StudentsOutboxModel } from '../events/publisher';
import { openingBalanceOf, StudentModel } from '../students/model';
import { toStudentResponse } from '../students/students';

/** What the family takes with them of each student: the profile, the login's username only, and the paper hours. */
export async function exportFamily(userId: number) {
  const docs = await StudentModel.find({ userId })
    .select({ studentPassword: 0, studentUsernameKey: 0 })
    .sort({ _id: 1 })
    .lean();
  return {
    students: docs.map((doc) => {
      const { hasStudentLogin: _login, studentUsername: _username, ...student } = toStudentResponse(doc);
      const balance = doc.openingBalance;
      return {
        ...student,
        login: doc.hasStudentLogin && doc.studentUsername ? { username: doc.studentUsername } : null,
        openingBalance: balance
          ? { ...openingBalanceOf(balance), updatedAt: new Date(balance.updatedAt).toISOString() }
          : null,
      };
    }),
  };
}

/** Deletes the family's students and whatever of them still waits in this service's outbox. */
export async function deleteFamily(userId: number) {
  const ids = (await StudentModel.find({ userId }).select({ _id: 1 }).lean()).map((d) => d._id);
  if (ids.length === 0) return;
  await StudentModel.deleteMany({ _id: { $in: ids } });
  await StudentsOutboxModel.deleteMany({ key: { $in: ids } });
}
