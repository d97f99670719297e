import { TRIAL_TEXT } from '@logbook/contracts/view';
import { GiftIcon } from '../../../lib/icons';

/** 'First Month FREE!' while the student can still have the trial; once it is used, what a new subscription costs. */
export function TrialBanner({ trialAvailable }: { trialAvailable: boolean }) {
  return (
    <div className="ll-alert pp-trial" data-testid="trial-banner">
      <span className="ll-tile pp-trial__icon">
        <GiftIcon />
      </span>
      <div>
        <p className="pp-trial__title">{trialAvailable ? TRIAL_TEXT.offerTitle : TRIAL_TEXT.usedTitle}</p>
        <p className="ll-alert__text">{trialAvailable ? TRIAL_TEXT.offer : TRIAL_TEXT.used}</p>
      </div>
    </div>
  );
}
