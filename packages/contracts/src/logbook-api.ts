import { declareRoutes, noContent, type BinaryResponse } from './api-routes';
import { progressSummarySchema } from './progress-summary';
import { readinessSchema, stateRulesAnswerSchema, stateRulesQuerySchema } from './readiness-schema';
import {
  insightsViewSchema,
  ownVerificationSchema,
  sessionListSchema,
  settingListSchema,
  verificationAnswerSchema,
} from './responses';
import {
  drivingSessionInputSchema,
  drivingSessionSchema,
  insightsQuerySchema,
  sessionCorrectionInputSchema,
  sessionListQuerySchema,
  sessionRemovalInputSchema,
  settingInputSchema,
  settingSchema,
  settingValueSchema,
  supervisorInputSchema,
  supervisorListSchema,
  supervisorSchema,
  vehicleListSchema,
} from './schemas';
import {
  signOffDeclineSchema,
  signOffDeclineWithTokenSchema,
  signOffDoneSchema,
  signOffEntrySchema,
  signOffInputSchema,
  signOffResendSchema,
  signOffTokenSchema,
  signOffWithTokenSchema,
} from './sign-off';

const pdf: BinaryResponse = { kind: 'binary', contentType: 'application/pdf' };

/** svc-logbook's public routes: registered from these entries (`declaredRouter`), described from the same. */
export const logbookApi = declareRoutes({
  'POST /api/driving-sessions': {
    summary: "Log a driving session (409 when its times overlap another of the learner's entries)",
    caller: 'parent-or-student',
    body: drivingSessionInputSchema,
    status: 201,
    repeatAnswersOk: true,
    refuses: ['forbidden', 'notFound', 'conflict', 'tooMany'],
    answer: drivingSessionSchema,
  },
  'GET /api/driving-sessions/:studentId': {
    summary: "A student's sessions",
    caller: 'parent-or-student',
    query: sessionListQuerySchema,
    answer: sessionListSchema,
  },
  'GET /api/driving-sessions/:studentId/summary': {
    summary: 'Progress to the hours',
    caller: 'parent-or-student',
    answer: progressSummarySchema,
  },
  'GET /api/driving-sessions/:studentId/pdf': {
    summary: 'The log book as a PDF',
    caller: 'parent-or-student',
    answer: pdf,
  },
  'GET /api/driving-sessions/:studentId/insights': {
    summary: 'Pace and coverage',
    caller: 'parent-or-student',
    query: insightsQuerySchema,
    answer: insightsViewSchema,
  },
  'GET /api/driving-sessions/:studentId/verification': {
    summary: "The log book's verification code",
    caller: 'parent-or-student',
    answer: ownVerificationSchema,
  },
  'POST /api/driving-sessions/:id/correction': {
    summary:
      "Correct a logged session (parents only): a new entry in its place (409 when it overlaps another of the learner's entries)",
    caller: 'parent-or-student',
    body: sessionCorrectionInputSchema,
    status: 201,
    repeatAnswersOk: true,
    refuses: ['forbidden', 'conflict'],
    answer: drivingSessionSchema,
  },
  'POST /api/driving-sessions/:id/removal': {
    summary: 'Remove a logged session (parents only): kept in the chain, counted nowhere',
    caller: 'parent-or-student',
    body: sessionRemovalInputSchema,
    refuses: ['forbidden', 'conflict'],
    answer: drivingSessionSchema,
  },
  'GET /api/verify/:code': {
    summary: 'Check a printed log book',
    caller: 'anyone',
    refuses: ['notFound', 'tooMany'],
    answer: verificationAnswerSchema,
  },
  'POST /api/driving-sessions/:id/sign-off/resend': {
    summary: 'Email the supervisor a new link to sign an entry awaiting their signature (parents only)',
    caller: 'parent-or-student',
    body: signOffResendSchema,
    refuses: ['forbidden', 'conflict', 'tooMany'],
    answer: drivingSessionSchema,
  },
  'POST /api/driving-sessions/:id/sign-off/cancel': {
    summary: "Withdraw the request for the supervisor's signature (parents only): the entry is removed",
    caller: 'parent-or-student',
    refuses: ['forbidden', 'conflict'],
    answer: drivingSessionSchema,
  },
  'POST /api/signing/entry': {
    summary:
      "The entry a supervisor's link asks them to sign, as it will be printed (no sign-in; the link's token in the body)",
    caller: 'anyone',
    body: signOffTokenSchema,
    refuses: ['notFound', 'tooMany'],
    answer: signOffEntrySchema,
  },
  'POST /api/signing/sign': {
    summary: 'The supervisor confirms who they are and signs the entry (no sign-in; the link then stops working)',
    caller: 'anyone',
    body: signOffWithTokenSchema,
    refuses: ['notFound', 'conflict', 'tooMany'],
    answer: signOffDoneSchema,
  },
  'POST /api/signing/decline': {
    summary: 'The supervisor declines to sign the entry, with a reason (no sign-in): it never counts',
    caller: 'anyone',
    body: signOffDeclineWithTokenSchema,
    refuses: ['notFound', 'tooMany'],
    answer: signOffDoneSchema,
  },
  'GET /api/sign-off/:token': {
    summary: "The entry a supervisor's link asks them to sign, as it will be printed (no sign-in)",
    caller: 'anyone',
    refuses: ['notFound', 'tooMany'],
    answer: signOffEntrySchema,
  },
  'POST /api/sign-off/:token': {
    summary: 'The supervisor confirms who they are and signs the entry (no sign-in; the link then stops working)',
    caller: 'anyone',
    body: signOffInputSchema,
    refuses: ['notFound', 'conflict', 'tooMany'],
    answer: signOffDoneSchema,
  },
  'POST /api/sign-off/:token/decline': {
    summary: 'The supervisor declines to sign the entry, with a reason (no sign-in): it never counts',
    caller: 'anyone',
    body: signOffDeclineSchema,
    refuses: ['notFound', 'tooMany'],
    answer: signOffDoneSchema,
  },
  'GET /api/driving-sessions/:studentId/readiness': {
    summary: 'Will this log book pass? A checklist under the state rule in force today',
    caller: 'parent-or-student',
    answer: readinessSchema,
  },
  'GET /api/state-rules': {
    summary: "Every state's learner rule in force on a day, each figure with its official page (cached)",
    caller: 'anyone',
    query: stateRulesQuerySchema,
    answer: stateRulesAnswerSchema,
  },
  'GET /api/settings': { summary: 'Settings', caller: 'parent-or-student', answer: settingListSchema },
  'DELETE /api/settings/targets': {
    summary: "Reset to Defaults: drop the family's own targets, so its state's rule sets them",
    caller: 'parent',
    answer: settingListSchema,
  },
  'PUT /api/settings/:key': {
    summary: 'Change a setting',
    caller: 'parent',
    body: settingValueSchema,
    answer: settingSchema,
  },
  'POST /api/settings': { summary: 'Add a setting', caller: 'parent', body: settingInputSchema, answer: settingSchema },
  'GET /api/supervisors': {
    summary: "The family's saved supervisors",
    caller: 'parent-or-student',
    answer: supervisorListSchema,
  },
  'GET /api/vehicles': {
    summary:
      "The family's vehicles, most recently used first, with their latest odometer reading; and what its state's log book records about the car on a drive of the day asked (today by default)",
    caller: 'parent-or-student',
    query: stateRulesQuerySchema,
    answer: vehicleListSchema,
  },
  'POST /api/supervisors': {
    summary: 'Save a supervisor for the family (the same name and licence again answers that one)',
    caller: 'parent-or-student',
    body: supervisorInputSchema,
    status: 201,
    answer: supervisorSchema,
  },
  'PUT /api/supervisors/:id': {
    summary: "Change a saved supervisor's details (parents only)",
    caller: 'parent-or-student',
    body: supervisorInputSchema,
    refuses: ['forbidden', 'conflict'],
    answer: supervisorSchema,
  },
  'DELETE /api/supervisors/:id': {
    summary: 'Forget a saved supervisor (parents only)',
    caller: 'parent-or-student',
    status: 204,
    refuses: ['forbidden'],
    answer: noContent,
  },
});
