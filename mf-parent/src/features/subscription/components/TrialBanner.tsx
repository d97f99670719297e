import { GiftIcon } from '../../../lib/icons';
import { PRICE_AUD, PRICE_CURRENCY, TRIAL_DAYS } from '@logbook/contracts/constants';

/** 'First Month FREE!': the 30-day trial, then the monthly price. */
export function TrialBanner() {
  return (
    <div className="pp-trial" data-testid="trial-banner">
      <span className="pp-trial__icon">
        <GiftIcon />
      </span>
      <div>
        <p className="pp-trial__title">First Month FREE!</p>
        <p className="pp-trial__text">
          Start with a {TRIAL_DAYS}-day free trial. After that it is ${PRICE_AUD.toFixed(2)} {PRICE_CURRENCY} per month
          per student. Cancel anytime.
        </p>
      </div>
    </div>
  );
}
