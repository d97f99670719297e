import { Card } from '@logbook/ui/shared';
import { ChangeReasonField } from '../../../lib/ChangeReasonField';

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
      <ChangeReasonField label="Reason" reason={reason} error={error} onChange={onChange} />
    </Card>
  );
}
