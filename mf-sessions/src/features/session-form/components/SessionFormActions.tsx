import { Button } from '@logbook/ui/shared';

export interface SessionFormActionsProps {
  correcting: boolean;
  busy: boolean;
  onSaveDraft: () => void;
  /** Offered only when there is somewhere to go back to. */
  onCancel?: () => void;
}

/** Save Draft (not for a correction), Cancel, and Submit. */
export function SessionFormActions({ correcting, busy, onSaveDraft, onCancel }: SessionFormActionsProps) {
  return (
    <div className="lls-actions">
      {!correcting && (
        <Button variant="outline" onClick={onSaveDraft} disabled={busy}>
          Save Draft
        </Button>
      )}
      <div className="lls-actions__end">
        {onCancel && (
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        )}
        <Button type="submit" pending={busy}>
          {busy ? 'Submitting...' : correcting ? 'Submit Correction' : 'Submit Session'}
        </Button>
      </div>
    </div>
  );
}
