import {
  accountMessageSchema,
  changePasswordSchema,
  deleteAccountSchema,
  exportQuerySchema,
  familyExportSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  registrationSchema,
} from './account';
import { declareRoutes, noContent } from './api-routes';
import {
  familyMessageSchema,
  familySchema,
  invitationRequestSchema,
  invitationSchema,
  invitationTokenSchema,
} from './family';
import { signedOutSchema } from './responses';
import { loginSchema, studentAuthSchema, studentCredentialsSchema, userSchema } from './schemas';

/** svc-auth's public routes: registered from these entries (`declaredRouter`), described from the same. */
export const authApi = declareRoutes({
  'POST /api/register': {
    summary: 'Create a parent account (the same answer whether or not the email already has one)',
    caller: 'anyone',
    body: registrationSchema,
    status: 201,
    refuses: ['tooMany', 'busy'],
    answer: accountMessageSchema,
  },
  'POST /api/login': {
    summary: 'Sign a parent in',
    caller: 'anyone',
    body: loginSchema,
    refuses: ['unauthorized', 'tooMany', 'busy'],
    answer: userSchema,
  },
  'POST /api/logout': { summary: 'Sign the parent out', caller: 'anyone', answer: signedOutSchema },
  'GET /api/user': { summary: 'The signed-in parent', caller: 'parent', answer: userSchema },
  'POST /api/student-login': {
    summary: 'Sign a student in',
    caller: 'anyone',
    body: studentCredentialsSchema,
    refuses: ['unauthorized', 'tooMany', 'busy'],
    answer: studentAuthSchema,
  },
  'GET /api/student-auth': { summary: 'The signed-in student', caller: 'student', answer: studentAuthSchema },
  'POST /api/student-logout': { summary: 'Sign the student out', caller: 'anyone', answer: signedOutSchema },
  'PUT /api/user/password': {
    summary: "Change the parent's password",
    caller: 'parent',
    body: changePasswordSchema,
    refuses: ['forbidden', 'tooMany', 'busy'],
    answer: userSchema,
  },
  'GET /api/user/export': {
    summary: "The family's data to take away (JSON or CSV)",
    caller: 'parent',
    query: exportQuerySchema,
    alsoAs: 'text/csv',
    answer: familyExportSchema,
  },
  'DELETE /api/user': {
    summary: "Close the parent's account",
    caller: 'parent',
    body: deleteAccountSchema,
    status: 204,
    refuses: ['forbidden', 'tooMany', 'busy'],
    answer: noContent,
  },
  'POST /api/password-reset': {
    summary: 'Send a password reset link',
    caller: 'anyone',
    body: passwordResetRequestSchema,
    status: 202,
    refuses: ['tooMany'],
    answer: accountMessageSchema,
  },
  'POST /api/password-reset/confirm': {
    summary: 'Set a new password from a reset link',
    caller: 'anyone',
    body: passwordResetConfirmSchema,
    refuses: ['busy'],
    answer: accountMessageSchema,
  },
  'GET /api/family': {
    summary: "The family's guardians and open invitations",
    caller: 'parent',
    answer: familySchema,
  },
  'POST /api/family/invitations': {
    summary: 'Email someone a link to join the family as a guardian',
    caller: 'parent',
    body: invitationRequestSchema,
    status: 202,
    refuses: ['conflict', 'tooMany'],
    answer: familyMessageSchema,
  },
  'POST /api/family/invitations/open': {
    summary: 'Whether an invitation link is live (one 404 for every other)',
    caller: 'anyone',
    body: invitationTokenSchema,
    refuses: ['notFound', 'tooMany'],
    answer: invitationSchema,
  },
  'POST /api/family/join': {
    summary: "Join the family that sent the invitation (the link's single use)",
    caller: 'parent',
    body: invitationTokenSchema,
    refuses: ['notFound', 'conflict', 'tooMany'],
    answer: familyMessageSchema,
  },
  'POST /api/family/leave': {
    summary: 'Leave the family (its data stays with it)',
    caller: 'parent',
    refuses: ['conflict'],
    answer: familyMessageSchema,
  },
  'DELETE /api/family/guardians/:id': {
    summary: 'Remove another guardian (the billing owner only)',
    caller: 'parent',
    status: 204,
    refuses: ['forbidden'],
    answer: noContent,
  },
});
