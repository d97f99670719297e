import { Card, TextAreaField } from '@logbook/ui/shared';
import { TEXT_LIMITS } from '@logbook/contracts/view';

/** Longest reason the server keeps for a correction. */
const CHANGE_REASON_MAX = TEXT_LIMITS.changeReason;

export interface CorrectionReasonCardProps {
  reason: string;
  error?: string;
  onChange: (reason: string) => void;
}

/** Why the entry is being corrected: printed beside the struck-out original. */
export function CorrectionReasonCard({ reason, error, onChange }: CorrectionReasonCardProps) {
  return (
    <Card
      title="Reason for the correction"
      headingLevel={2}
      description="Both signatures are drawn again for the corrected session."
    >
      <TextAreaField
        label="Reason"
        error={error}
        className="lls-reason"
        name="reason"
        rows={3}
        maxLength={CHANGE_REASON_MAX}
        value={reason}
        onChange={(e) => onChange(e.target.value)}
      />
    </Card>
  );
}
