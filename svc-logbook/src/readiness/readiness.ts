import { readinessOf, type Readiness, type ReadinessSession } from '@logbook/contracts/readiness';
import { ruleOn, todayIso } from '@logbook/contracts/state-rules';
import type { Callers } from '@logbook/service-kit/auth';
import { DrivingSessionModel, IN_FORCE, SessionSignaturesModel } from '../sessions/model';
import { coursesCredited } from '../sessions/summary';
import { familyRulesOf, logbookRuleVersions } from '../settings/settings';
import { findAccessibleStudent, openingBalanceOf } from '../students/students';
import { SupervisorModel } from '../supervisors/model';

const READ_FIELDS = {
  date: 1,
  startTime: 1,
  endTime: 1,
  duration: 1,
  timeOfDay: 1,
  startSuburb: 1,
  endSuburb: 1,
  supervisorName: 1,
  supervisorLicenseNumber: 1,
  supervisorIsInstructor: 1,
  vehicleRegistration: 1,
  odometerStart: 1,
  odometerEnd: 1,
  signaturesId: 1,
  signedRemotely: 1,
  supervisorFullLicenceYear: 1,
} as const;

const BOTH_SIGNED = { studentSignature: { $gt: '' }, supervisorSignature: { $gt: '' } };

/**
 * Every entry in force, with whether both signatures are there: asked of the database as conditions, so the images
 * themselves are never read out (inline on the oldest sessions, in their own collection since).
 */
async function entriesOf(studentId: number): Promise<Array<ReadinessSession & { signedRemotely?: boolean }>> {
  const filter = { studentId, ...IN_FORCE };
  const [entries, signedInline] = await Promise.all([
    DrivingSessionModel.find(filter).select(READ_FIELDS).lean(),
    DrivingSessionModel.find({ ...filter, ...BOTH_SIGNED })
      .select({ _id: 1 })
      .lean(),
  ]);
  const ids = [...new Set(entries.flatMap((e) => (e.signaturesId ? [e.signaturesId] : [])))];
  const signedApart = await SessionSignaturesModel.find({ _id: { $in: ids }, ...BOTH_SIGNED })
    .select({ _id: 1 })
    .lean();
  const inline = new Set(signedInline.map((e) => e._id));
  const apart = new Set(signedApart.map((s) => s._id));
  return entries.map(({ _id, signaturesId, ...entry }) => {
    const signed = inline.has(_id) || (signaturesId !== undefined && apart.has(signaturesId));
    return { ...entry, hasStudentSignature: signed, hasSupervisorSignature: signed };
  });
}

/**
 * "Will this log book pass?" under the family's state's rule in force today. The year each supervisor's full licence
 * was issued: for an entry signed on the supervisor's own phone, the year they confirmed and sealed; for the rest,
 * the family's saved supervisor of that name and licence number.
 */
export async function readinessFor(callers: Callers, studentId: number): Promise<Readiness> {
  const today = todayIso();
  const student = await findAccessibleStudent(callers, studentId);
  const [rules, entries, supervisors] = await Promise.all([
    familyRulesOf(student.userId),
    entriesOf(student._id),
    SupervisorModel.find({ userId: student.userId }).select({ name: 1, licenseNumber: 1, fullLicenceYear: 1 }).lean(),
  ]);
  const yearOf = new Map(supervisors.map((s) => [`${s.name}\u0000${s.licenseNumber}`, s.fullLicenceYear ?? null]));
  const sessions = entries.map(({ signedRemotely, ...e }) => ({
    ...e,
    supervisorFullLicenceYear: signedRemotely
      ? (e.supervisorFullLicenceYear ?? null)
      : (yearOf.get(`${e.supervisorName ?? ''}\u0000${e.supervisorLicenseNumber ?? ''}`) ?? null),
  }));
  const balance = openingBalanceOf(student);
  const courses = coursesCredited(student, rules.state, sessions, today);
  return readinessOf({
    rule: ruleOn(rules.state, today, logbookRuleVersions()),
    today,
    dateOfBirth: student.dateOfBirth,
    permitDate: student.permitDate ?? null,
    sessions,
    extra: { dayHours: balance?.dayHours ?? 0, nightHours: balance?.nightHours ?? 0 },
    bonusRuleOn: rules.bonusRuleOn,
    courses,
  });
}
