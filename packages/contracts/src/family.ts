import { z } from 'zod';
import { emailSchema } from './schemas';

/** A family is looked after by at most this many guardians, each with a login of their own. */
export const MAX_GUARDIANS = 4;
/** An invitation link works once, for this many days. */
export const INVITATION_DAYS = 7;
/** Invitations a family may send in a day, and a mailbox may be sent in a day whichever families ask. */
export const INVITATIONS_PER_FAMILY_PER_DAY = 10;
export const INVITATIONS_PER_MAILBOX_PER_DAY = 3;

/** The words the family screens and the invitation page show. */
export const FAMILY_MESSAGES = {
  invited: 'Invitation sent',
  invitedDescription: 'We emailed a link to join your family. It works once, for 7 days.',
  full: `A family can have at most ${MAX_GUARDIANS} guardians.`,
  alreadyGuardian: 'This person is already one of your guardians.',
  deadLink: 'This invitation link is not valid any more. Ask for a new one.',
  inAnotherFamily:
    'You already belong to another family. Leave it first (Account, Family, Leave the family), then open this link again.',
  joined: 'You joined the family',
  onlyBillingOwner: 'Only the guardian who holds the subscription can do this.',
  lastGuardian: 'You are the only guardian of this family: close the account instead.',
  removed: 'Guardian removed',
  left: 'You left the family',
  notAGuardian: 'That guardian is not in your family.',
} as const;

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

/** The answer of the family's changes: words to show. */
export const familyMessageSchema = z.object({ message: z.string() });
