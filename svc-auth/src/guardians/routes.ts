import { authApi } from '@logbook/contracts/auth-api';
import { PARENT_COOKIE } from '@logbook/contracts/constants';
import { FAMILY_MESSAGES, MAX_GUARDIANS } from '@logbook/contracts/family';
import { cookieOptions, issueSession, parentOf } from '@logbook/service-kit/auth';
import { declaredRouter } from '@logbook/service-kit/declared';
import { clearSessionCookie } from '../accounts/routes';
import { billingOwnerOf, guardiansOf, leaveFamily, removeGuardian } from './families';
import { inviteGuardian, joinFamily, openInvitation, openInvitations } from './invitations';
import { invitationLimits, invitationLinkLimit } from './limits';

/** The family's guardians: who they are, inviting another, joining, leaving and removing. */
export function guardiansRouter() {
  const { router, route } = declaredRouter(authApi, {
    'POST /api/family/invitations': invitationLimits(),
    'POST /api/family/invitations/open': [invitationLinkLimit()],
    'POST /api/family/join': [invitationLinkLimit()],
  });

  route('GET /api/family', async ({ res }) => {
    const { guardianId, familyId } = parentOf(res);
    const [guardians, owner, invitations] = await Promise.all([
      guardiansOf(familyId),
      billingOwnerOf(familyId),
      openInvitations(familyId),
    ]);
    return {
      guardians: guardians.map((g) => ({
        id: g._id,
        email: g.email,
        billingOwner: g._id === owner,
        you: g._id === guardianId,
      })),
      invitations,
      maxGuardians: MAX_GUARDIANS,
    };
  });

  route('POST /api/family/invitations', async ({ res, body: { email } }) => {
    const { guardianId, familyId } = parentOf(res);
    await inviteGuardian(familyId, guardianId, email);
    return { message: FAMILY_MESSAGES.invited };
  });

  route('POST /api/family/invitations/open', async ({ body: { token } }) => openInvitation(token));

  route('POST /api/family/join', async ({ req, res, body: { token } }) => {
    const { guardianId } = parentOf(res);
    const { familyId } = await joinFamily(guardianId, token);
    // The sessions for the family left are gone: this device goes on for the family joined.
    res.cookie(PARENT_COOKIE, await issueSession({ role: 'parent', userId: guardianId, familyId }), cookieOptions(req));
    return { message: FAMILY_MESSAGES.joined };
  });

  route('POST /api/family/leave', async ({ req, res }) => {
    const { guardianId, familyId } = parentOf(res);
    await leaveFamily(guardianId, familyId);
    clearSessionCookie(req, res, PARENT_COOKIE);
    return { message: FAMILY_MESSAGES.left };
  });

  route('DELETE /api/family/guardians/:id', async ({ res, ids }) => {
    const { guardianId, familyId } = parentOf(res);
    await removeGuardian(guardianId, familyId, ids.id);
  });

  return router;
}
