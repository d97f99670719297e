import { z } from 'zod';
import { formSchemaOf, supervisorLicenseSchema, supervisorNameSchema } from './session-fields';
import { SESSION_FIELD_PLACES, SIGNING_FIELDS, type SigningField, type StoredAs } from './session-field-places';
import { STATE_CODES } from './state-codes';
import { changeReasonSchema, emailSchema, fullLicenceYearSchema } from './schemas';

/** What the services answer about signing on the supervisor's phone (apart, so the signed-in screens never carry them). */
export const SIGN_OFF_MESSAGES = {
  signatureOrRemote: "Either the supervisor's signature or the supervisor's email to ask for it, not both",
  licenceStateRequired: 'Choose the state or territory that issued the licence',
  linkNotLive: 'This link does not work any more. Ask the learner to send a new one.',
  tooManyRequests: 'Too many signature requests today. Please try again tomorrow.',
  notAwaiting: 'This entry is not awaiting a signature',
  /** Said to a supervisor when the family's side stops the seal (its plan, its state's rules): theirs to put right. */
  cannotSealNow: 'This drive cannot be signed at the moment. Please let the learner know.',
} as const;

/*
 * A supervisor signing an entry on their own phone: what the public signing page and the parent's resend take and
 * answer. Apart from schemas.ts, so the signed-in screens never carry them.
 */

/** What the signing page answers for a field kept as each kind: always there, null when not recorded. */
const SHOWN_AS = {
  text: () => z.string(),
  id: () => z.number().int(),
  optionalText: () => z.string().nullable(),
  optionalInteger: () => z.number().int().nullable(),
  flag: () => z.boolean(),
} satisfies Partial<Record<StoredAs, () => z.ZodType>>;

type Registry = typeof SESSION_FIELD_PLACES;

/** The session's fields a supervisor signing on their own phone is shown (the type refuses a kind not above). */
const shownFields = Object.fromEntries(
  SIGNING_FIELDS.map((name) => [name, SHOWN_AS[SESSION_FIELD_PLACES[name].stored as keyof typeof SHOWN_AS]()]),
) as { [K in SigningField]: ReturnType<(typeof SHOWN_AS)[Registry[K]['stored']]> };

/** GET /api/sign-off/:token: the entry as it will be printed, and no more of the family than the learner's first name and initial. */
export const signOffEntrySchema = z.object({
  learner: z.string(),
  ...shownFields,
  /** What the family's state asks of a supervisor: a full licence held this many years (0: no length set). */
  supervisorRule: z.object({ state: z.string(), fullLicenceYears: z.number().int() }),
  expiresAt: z.string(),
});
export type SignOffEntry = z.infer<typeof signOffEntrySchema>;

/** POST /api/sign-off/:token: the supervisor confirms who they are and signs. */
export const signOffInputSchema = z.object({
  supervisorName: supervisorNameSchema,
  supervisorLicenseNumber: supervisorLicenseSchema,
  licenceState: z.enum(STATE_CODES, { error: SIGN_OFF_MESSAGES.licenceStateRequired }),
  fullLicenceYear: fullLicenceYearSchema,
  supervisorSignature: formSchemaOf(SESSION_FIELD_PLACES.supervisorSignature.form),
});
export type SignOffInput = z.input<typeof signOffInputSchema>;

/** The answer once signed: whether the supervisor met the family's state's rule (the entry is marked when not). */
export const signOffDoneSchema = z.object({
  status: z.enum(['signed', 'declined']),
  signedAt: z.string().optional(),
  supervisorRuleNotMet: z.boolean(),
});
export type SignOffDone = z.infer<typeof signOffDoneSchema>;

/** POST /api/driving-sessions/:id/sign-off/resend: to the same address, or one put right. */
export const signOffResendSchema = z.object({ supervisorEmail: emailSchema.optional() });

/** POST /api/sign-off/:token/decline. */
export const signOffDeclineSchema = z.object({ reason: changeReasonSchema });

/**
 * The signing page sends the link's token in the body, never in a path (which the gateway's, the services' and the
 * proxies' logs write down): POST /api/signing/entry, /sign and /decline.
 */
const withToken = { token: z.string({ error: SIGN_OFF_MESSAGES.linkNotLive }).max(100, SIGN_OFF_MESSAGES.linkNotLive) };
export const signOffTokenSchema = z.object(withToken);
export const signOffWithTokenSchema = signOffInputSchema.extend(withToken);
export const signOffDeclineWithTokenSchema = signOffDeclineSchema.extend(withToken);
