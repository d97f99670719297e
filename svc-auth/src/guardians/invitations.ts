import crypto from 'node:crypto';
import { FAMILY_MESSAGES, INVITATION_DAYS, MAX_GUARDIANS } from '@logbook/contracts/family';
import { studentsExportSchema } from '@logbook/contracts/internal-api';
import { API_ERRORS } from '@logbook/contracts/messages';
import { AppError, conflict, notFound } from '@logbook/service-kit/errors';
import { callInternal } from '@logbook/service-kit/internal';
import { UserModel } from '../accounts/model';
import { endGuardianSessions } from '../accounts/sessions';
import { mailOrigin, queueMail } from '../mail/queue';
import { mailTemplates } from '../mail/templates';
import { familyIdOf, guardiansOf } from './families';
import { FamilyInvitationModel } from './model';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Tokens are 24 random bytes, 32 URL-safe characters; anything else is refused before the database is asked. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{32}$/;
const tokenHash = (token: string) => crypto.createHash('sha256').update(token).digest('hex');
const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The one answer for every link that is not live: it says nothing of whether it ever existed. */
const deadLink = () => notFound(FAMILY_MESSAGES.deadLink);

/**
 * Emails `email` a single-use link to join the family, valid for seven days. A newer invitation to the same address
 * voids the older one; a family already at its guardians' limit, or inviting one of its own guardians, is told so.
 */
export async function inviteGuardian(familyId: number, invitedBy: number, email: string): Promise<void> {
  const guardians = await guardiansOf(familyId);
  if (guardians.some((g) => sameAddress(g.email, email))) throw conflict(FAMILY_MESSAGES.alreadyGuardian);
  if (guardians.length >= MAX_GUARDIANS) throw conflict(FAMILY_MESSAGES.full);
  const inviter = guardians.find((g) => g._id === invitedBy);
  const token = crypto.randomBytes(24).toString('base64url');
  const now = new Date();
  const expiresAt = new Date(now.getTime() + INVITATION_DAYS * DAY_MS);
  await FamilyInvitationModel.deleteMany({ familyId, email: email.toLowerCase() });
  await FamilyInvitationModel.create({
    _id: tokenHash(token),
    familyId,
    invitedBy,
    email: email.toLowerCase(),
    expiresAt,
    createdAt: now,
  });
  // Kept with the family's mail, so closing the family removes an invitation still waiting to be sent.
  await queueMail(
    email,
    'family_invitation',
    mailTemplates.familyInvitation({
      origin: mailOrigin(),
      token,
      inviter: inviter?.email ?? 'A guardian',
      expiresAt: expiresAt.toISOString(),
    }),
    familyId,
  );
}

async function liveInvitation(token: string) {
  if (!TOKEN_SHAPE.test(token)) throw deadLink();
  const invitation = await FamilyInvitationModel.findById(tokenHash(token)).lean();
  if (!invitation || invitation.expiresAt.getTime() <= Date.now()) throw deadLink();
  return invitation;
}

/** What the invitation page is told of a live link: the address it was sent to and until when; nothing of the family. */
export async function openInvitation(token: string) {
  const invitation = await liveInvitation(token);
  return { email: invitation.email, expiresAt: invitation.expiresAt.toISOString() };
}

/** The family the user is in has learners or other guardians: joining another would leave them behind. */
async function belongsToAFamily(userId: number, familyId: number): Promise<boolean> {
  if ((await guardiansOf(familyId)).some((g) => g._id !== userId)) return true;
  const reply = await callInternal(studentsExportSchema, 'students', 'GET', `/internal/families/${familyId}/export`);
  if (!reply.ok) throw new AppError(503, API_ERRORS.serviceUnavailable);
  return reply.body.students.length > 0;
}

/**
 * The signed-in user follows the link and joins its family: the link is spent by the one delete that finds it, their
 * sessions for the family they were in end, and the caller is given a new one for the family joined. Someone whose
 * family already has learners or other guardians is told to leave it first, and nothing of either family is shown.
 */
export async function joinFamily(userId: number, token: string): Promise<{ familyId: number }> {
  const invitation = await liveInvitation(token);
  const user = await UserModel.findById(userId).select({ _id: 1, familyId: 1 }).lean();
  if (!user) throw deadLink();
  const current = familyIdOf(user);
  if (current === invitation.familyId) throw conflict(FAMILY_MESSAGES.alreadyGuardian);
  if (await belongsToAFamily(userId, current)) throw conflict(FAMILY_MESSAGES.inAnotherFamily);
  if ((await guardiansOf(invitation.familyId)).length >= MAX_GUARDIANS) throw conflict(FAMILY_MESSAGES.full);
  const spent = await FamilyInvitationModel.deleteOne({ _id: invitation._id });
  if (spent.deletedCount !== 1) throw deadLink();
  const moved = await UserModel.updateOne(
    { _id: userId, familyId: current },
    { $set: { familyId: invitation.familyId } },
  );
  if (moved.modifiedCount !== 1) throw deadLink();
  // Guardians joining at once could pass the limit together: the later ones go back to where they were.
  const guardians = await guardiansOf(invitation.familyId);
  if (guardians.length > MAX_GUARDIANS && guardians.slice(MAX_GUARDIANS).some((g) => g._id === userId)) {
    await UserModel.updateOne({ _id: userId }, { $set: { familyId: current } });
    throw conflict(FAMILY_MESSAGES.full);
  }
  await endGuardianSessions(userId);
  return { familyId: invitation.familyId };
}

/** The family's invitations not yet followed, for its screen. */
export async function openInvitations(familyId: number) {
  const now = Date.now();
  const open = await FamilyInvitationModel.find({ familyId }).select({ email: 1, expiresAt: 1 }).lean();
  return open
    .filter((i) => i.expiresAt.getTime() > now)
    .map((i) => ({ email: i.email, expiresAt: i.expiresAt.toISOString() }));
}
