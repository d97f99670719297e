import { useState } from 'react';
import { Button, Card, Spinner } from '@logbook/ui/shared';
import { useSupervisors, type SavedSupervisor } from '@logbook/shell-context/shared';
import { ConfirmDialog } from '../../../lib/ConfirmDialog';
import { LoadProblem } from '../../../lib/LoadProblem';
import { useSupervisorActions } from '../hooks/useSupervisorActions';
import { SupervisorForm } from './SupervisorForm';
import type { SupervisorLicenceRule } from '@logbook/contracts/supervisor-licence';
import './supervisors.css';

/** Administrator Settings: the family's supervising drivers, offered first on the session form. */
export function SupervisorsCard({ licenceRule }: { licenceRule?: SupervisorLicenceRule } = {}) {
  const { data: supervisors, error, mutate } = useSupervisors();
  const actions = useSupervisorActions();
  const [editing, setEditing] = useState<number | 'new' | undefined>();
  const [removing, setRemoving] = useState<SavedSupervisor | undefined>();

  const open = (which: number | 'new' | undefined) => {
    actions.clearFailure();
    setEditing(which);
  };
  const editor = (saved?: SavedSupervisor) => (
    <SupervisorForm
      initial={saved}
      licenceRule={licenceRule}
      submitLabel={saved ? `Save ${saved.name}` : 'Add supervisor'}
      pending={actions.pending}
      failure={actions.failure}
      onCancel={() => open(undefined)}
      onSave={(input) =>
        void (saved ? actions.edit(saved.id, input) : actions.add(input)).then((ok) => ok && open(undefined))
      }
    />
  );

  let list;
  if (error && !supervisors) list = <LoadProblem what="The saved supervisors" onRetry={() => void mutate()} />;
  else if (!supervisors) list = <Spinner label="Loading supervisors…" />;
  else if (supervisors.length === 0 && editing !== 'new') list = <p className="pp-muted">No supervisors saved yet.</p>;
  else
    list = (
      <ul className="pp-rows" aria-label="Saved supervisors">
        {supervisors.map((s) => (
          <li key={s.id} className="pp-rows__item" data-testid="saved-supervisor">
            {editing === s.id ? (
              editor(s)
            ) : (
              <>
                <div className="pp-supervisors__who">
                  <strong>{s.name}</strong>
                  <span className="pp-panel__muted">
                    Licence {s.licenseNumber}
                    {s.isInstructor ? ' · Licensed driving instructor' : ''}
                    {s.licenceState ? ` · ${s.licenceState}` : ''}
                    {typeof s.fullLicenceYear === 'number' ? ` · Full licence since ${s.fullLicenceYear}` : ''}
                  </span>
                </div>
                <div className="pp-supervisors__actions">
                  <Button variant="outline" size="sm" onClick={() => open(s.id)} aria-label={`Edit ${s.name}`}>
                    Edit
                  </Button>
                  <Button variant="ghost" size="sm" onClick={() => setRemoving(s)} aria-label={`Remove ${s.name}`}>
                    Remove
                  </Button>
                </div>
              </>
            )}
          </li>
        ))}
      </ul>
    );

  return (
    <Card
      title="Supervising drivers"
      headingLevel={2}
      description="The session form offers these people first, most recently used at the top. Removing one changes no logged session."
    >
      <div className="pp-stack pp-supervisors">
        {list}
        {editing === 'new' ? (
          editor()
        ) : (
          <div>
            <Button variant="outline" onClick={() => open('new')}>
              Add supervisor
            </Button>
          </div>
        )}
      </div>
      <ConfirmDialog
        open={removing !== undefined}
        onOpenChange={(next) => !next && setRemoving(undefined)}
        title={`Remove ${removing?.name ?? 'this supervisor'}?`}
        description="They are no longer offered on the session form. Sessions they supervised keep their name and licence number."
        confirmLabel="Remove supervisor"
        pending={actions.pending}
        onConfirm={() => removing && void actions.remove(removing.id).then((ok) => ok && setRemoving(undefined))}
      />
    </Card>
  );
}
