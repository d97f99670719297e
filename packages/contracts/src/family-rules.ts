/*
 * The family's limits and words, without the validation library: the Account screen, the subscription screen and the
 * invitation page show them, the services refuse with them (family.ts re-exports them with the schemas).
 */

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
  invitedDescription: `We emailed a link to join your family. It works once, for ${INVITATION_DAYS} days.`,
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
