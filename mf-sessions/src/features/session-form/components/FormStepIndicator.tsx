import { FORM_STEPS } from '@logbook/contracts/view';
import { ProgressBar } from '@logbook/ui/shared';

export function FormStepIndicator() {
  const label = `Step ${FORM_STEPS.current} of ${FORM_STEPS.total}`;
  return (
    <div className="lls-steps">
      <p className="lls-steps__label">{label}</p>
      <ProgressBar value={(FORM_STEPS.current / FORM_STEPS.total) * 100} label={label} />
    </div>
  );
}
