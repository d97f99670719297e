import { toast } from '@logbook/shell-context/shared';
import { TOASTS } from '@logbook/contracts/view';
import { useStudentDrafts } from '../hooks/useStudentDrafts';
import { deleteDraft, type StoredDraft } from '@logbook/session-device/drafts';
import { DraftSessionItem } from './DraftSessionItem';

/** A student's sessions saved on this device but not yet submitted; nothing at all when there are none. */
export function DraftSessionsPanel({ studentId }: { studentId: number }) {
  const { drafts, refresh } = useStudentDrafts(studentId);

  if (drafts.length === 0) return null;

  const remove = (draft: StoredDraft) => {
    try {
      deleteDraft(draft.id, studentId);
      toast({ title: TOASTS.draftDeleted });
    } catch {
      toast({ title: TOASTS.error, description: TOASTS.draftDeleteFailed, variant: 'destructive' });
    }
    refresh();
  };

  return (
    <section className="pp-panel" aria-label="Draft sessions" data-testid="draft-sessions-panel">
      <h3 className="pp-panel__title">
        Draft Sessions <span className="pp-count">{drafts.length}</span>
      </h3>
      <ul className="pp-drafts">
        {drafts.map((draft) => (
          <DraftSessionItem key={draft.id} draft={draft} onDelete={remove} />
        ))}
      </ul>
    </section>
  );
}
