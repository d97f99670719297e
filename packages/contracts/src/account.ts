import { z } from 'zod';
import { PASSWORD_RESET, VALIDATION } from './messages';
import { emailSchema, loginSchema, registerSchema } from './schemas';
import { STATE_CODES } from './state-codes';

/**
 * POST /api/register: the email and password, and the family's state or territory (optional: its rule sets the
 * learners' targets, South Australia's until chosen). Apart from the form's schema, which every screen carries.
 */
export const registrationSchema = registerSchema.extend({
  state: z.enum(STATE_CODES, { error: VALIDATION.invalidInput }).optional(),
});
export type RegistrationInput = z.infer<typeof registrationSchema>;

/** POST /api/password-reset: the address to send a reset link to. */
export const passwordResetRequestSchema = z.object({ email: emailSchema });

/** POST /api/password-reset/confirm: the link's token and the new password, under the registration rules. */
export const passwordResetConfirmSchema = z.object({
  token: z
    .string({ error: PASSWORD_RESET.linkProblem })
    .min(1, PASSWORD_RESET.linkProblem)
    .max(200, PASSWORD_RESET.linkProblem),
  password: registerSchema.shape.password,
});

/** PUT /api/user/password. */
export const changePasswordSchema = z.object({
  currentPassword: loginSchema.shape.password,
  newPassword: registerSchema.shape.password,
});

/** DELETE /api/user: the password again, before everything of the family goes. */
export const deleteAccountSchema = z.object({ password: loginSchema.shape.password });

/** GET /api/user/export: one JSON file, or the sessions as CSV. */
export const exportQuerySchema = z.object({ format: z.enum(['json', 'csv']).default('json') });

/** A stored record handed over as it is kept: its id fields are named, the rest is the family's own data. */
const record = z.looseObject({});

/** GET /api/user/export (JSON): everything the product holds of the family. */
export const familyExportSchema = z.object({
  product: z.string(),
  exportedAt: z.string(),
  account: z.object({ id: z.number(), email: z.string(), username: z.string().nullish(), createdAt: z.string() }),
  students: z.array(z.looseObject({ id: z.number(), login: z.object({ username: z.string() }).nullable() })),
  settings: z.array(record),
  supervisors: z.array(record),
  sessions: z.array(z.looseObject({ id: z.number(), studentId: z.number() })),
  chains: z.array(record),
  verificationCodes: z.array(record),
});

/** The answer of registration and the password-reset routes: words to show, the same whoever asks. */
export const accountMessageSchema = z.object({ message: z.string() });
