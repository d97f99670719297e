import { TextAreaField } from '@logbook/ui/shared';
import { TEXT_LIMITS } from '@logbook/contracts/view';

export interface ChangeReasonFieldProps {
  label: string;
  reason: string;
  error?: string;
  onChange: (reason: string) => void;
}

/** Why a logged entry is corrected or removed: kept with it, and printed beside the struck-out original. */
export function ChangeReasonField({ label, reason, error, onChange }: ChangeReasonFieldProps) {
  return (
    <TextAreaField
      label={label}
      error={error}
      className="lls-reason"
      name="reason"
      rows={3}
      maxLength={TEXT_LIMITS.changeReason}
      value={reason}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
