import { useState } from 'react';
import { Button, Card, Spinner } from '@logbook/ui/shared';
import type { Family, Guardian } from '@logbook/contracts/view';
import { FAMILY_MESSAGES } from '@logbook/contracts/family-rules';
import { ConfirmDialog } from '../../../lib/ConfirmDialog';
import { LoadProblem } from '../../../lib/LoadProblem';
import { billingOwnerOf, useFamily } from '../../../lib/useFamily';
import { useFamilyActions } from '../hooks/useFamilyActions';
import { GuardianList } from './GuardianList';
import { InviteGuardianForm } from './InviteGuardianForm';

const untilDate = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

/** Family: the guardians who share the log books, the invitations still open, inviting, removing and leaving. */
export function FamilyCard() {
  const { data: family, error, mutate } = useFamily();
  const actions = useFamilyActions();
  const [removing, setRemoving] = useState<Guardian | undefined>();
  const [leaving, setLeaving] = useState(false);

  let body;
  if (error && !family) body = <LoadProblem what="Your family" onRetry={() => void mutate()} />;
  else if (!family) body = <Spinner label="Loading your family…" />;
  else body = <FamilyDetails family={family} onRemove={setRemoving} onLeave={() => setLeaving(true)} />;

  return (
    <Card
      title="Family"
      headingLevel={2}
      description="Each guardian signs in with their own login and shares the family's students, sessions and progress."
      data-testid="family"
    >
      {body}
      <ConfirmDialog
        open={removing !== undefined}
        onOpenChange={(next) => !next && setRemoving(undefined)}
        title={`Remove ${removing?.email ?? 'this guardian'}?`}
        description="They are signed out at once and no longer see the family's students. Sessions they logged stay in the log books."
        confirmLabel="Remove guardian"
        pending={actions.pending === 'remove'}
        onConfirm={() => removing && void actions.remove(removing.id).then((ok) => ok && setRemoving(undefined))}
      />
      <ConfirmDialog
        open={leaving}
        onOpenChange={setLeaving}
        title="Leave the family?"
        description="You are signed out and no longer see the family's students; their log books stay with the family. To come back, ask a guardian for a new invitation."
        confirmLabel="Leave the family"
        pending={actions.pending === 'leave'}
        onConfirm={() => void actions.leave().then((ok) => ok && setLeaving(false))}
      />
    </Card>
  );
}

function FamilyDetails({
  family,
  onRemove,
  onLeave,
}: {
  family: Family;
  onRemove: (guardian: Guardian) => void;
  onLeave: () => void;
}) {
  const isBillingOwner = billingOwnerOf(family)?.isYou ?? false;
  const full = family.guardians.length >= family.maxGuardians;
  return (
    <div className="pp-stack">
      <GuardianList guardians={family.guardians} onRemove={isBillingOwner ? onRemove : undefined} />
      {family.guardians.length < 2 && family.invitations.length === 0 && (
        <p className="pp-muted">Only you so far. Invite another adult who supervises your learners.</p>
      )}
      {family.invitations.length > 0 && (
        <section aria-label="Invitations not yet accepted">
          <h3 className="acc-subtitle">Invited</h3>
          <ul className="acc-list" data-testid="invitations">
            {family.invitations.map((inv) => (
              <li key={`${inv.email}-${inv.expiresAt}`}>
                <strong>{inv.email}</strong>, link valid until {untilDate(inv.expiresAt)}
              </li>
            ))}
          </ul>
        </section>
      )}
      {full ? <p className="pp-muted">{FAMILY_MESSAGES.full}</p> : <InviteGuardianForm />}
      {family.guardians.length > 1 && (
        <div>
          <Button variant="outline" onClick={onLeave}>
            Leave the family
          </Button>
        </div>
      )}
    </div>
  );
}
