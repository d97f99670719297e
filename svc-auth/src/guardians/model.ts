import { defineModel, expiresAtIndex } from '@logbook/service-kit/model';

/**
 * An invitation to join a family as a guardian. Only the SHA-256 of the link's random token is kept (the id), so a
 * copy of the database lets no one join; the one delete that finds it spends it.
 */
export interface FamilyInvitation {
  _id: string;
  familyId: number;
  invitedBy: number;
  /** The address the link was sent to, as typed (lower case). */
  email: string;
  expiresAt: Date;
  createdAt: Date;
}

export const FamilyInvitationModel = defineModel<FamilyInvitation>(
  'FamilyInvitation',
  'family_invitations',
  {
    _id: String,
    familyId: { type: Number, required: true, index: true },
    invitedBy: { type: Number, required: true },
    email: { type: String, required: true },
    expiresAt: { type: Date, required: true },
    createdAt: { type: Date, required: true },
  },
  // A real MongoDB removes links some time after they expire; expiry itself is checked on use.
  { autoIndex: true, indexes: [expiresAtIndex()] },
);
