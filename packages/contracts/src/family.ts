import { z } from 'zod';
import { FAMILY_MESSAGES } from './family-rules';
import { emailSchema } from './schemas';

export * from './family-rules';

/** One guardian as the family's screen lists them. */
export const guardianSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  /** The guardian who holds the subscription: changes the card, cancels or resumes, removes other guardians. */
  billingOwner: z.boolean(),
  /** The guardian asking. */
  you: z.boolean(),
});
export type Guardian = z.infer<typeof guardianSchema>;

/** GET /api/family: the family's guardians and its open invitations. */
export const familySchema = z.object({
  guardians: z.array(guardianSchema),
  invitations: z.array(z.object({ email: z.string(), expiresAt: z.string() })),
  maxGuardians: z.number().int(),
});
export type Family = z.infer<typeof familySchema>;

/** POST /api/family/invitations. */
export const invitationRequestSchema = z.object({ email: emailSchema });

/** An invitation link's token (32 URL-safe characters), carried in the link's fragment and the request's body. */
const tokenSchema = z
  .string({ error: FAMILY_MESSAGES.deadLink })
  .min(1, FAMILY_MESSAGES.deadLink)
  .max(100, FAMILY_MESSAGES.deadLink);
export const invitationTokenSchema = z.object({ token: tokenSchema });

/** POST /api/family/invitations/open: the link is live; the address it was sent to, for the sign-in form. */
export const invitationSchema = z.object({ email: z.string(), expiresAt: z.string() });
export type Invitation = z.infer<typeof invitationSchema>;

/** The answer of the family's changes: words to show. */
export const familyMessageSchema = z.object({ message: z.string() });
