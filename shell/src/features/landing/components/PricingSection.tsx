import { Link } from 'react-router-dom';
import { buttonClass } from '@logbook/ui/lib/buttonClass';
import { PRICE_AUD, PRICE_TEXT } from '@logbook/contracts/constants';
import { paths } from '@logbook/shell-context/routes';
import { CheckIcon } from '../../../lib/pageIcons';

const INCLUDED = [
  'Unlimited driving sessions',
  'Digital signatures on any device',
  'Progress tracking and PDF reports',
  'Works offline, installs to your home screen',
];

export function PricingSection() {
  return (
    <section className="landing-section landing-section--tinted" aria-labelledby="pricing-title">
      <div className="ll-container">
        <div className="section-head">
          <h2 id="pricing-title">Simple pricing</h2>
          <p>One plan per student. No lock-in contracts.</p>
        </div>
        <div className="pricing-card">
          <p className="pricing-card__plan">Per student</p>
          <p className="pricing-card__price">
            <span className="pricing-card__amount">${PRICE_AUD.toFixed(2)}</span>
            <span className="pricing-card__period">per month per student</span>
          </p>
          <p className="pricing-card__terms">{PRICE_TEXT}</p>
          <p className="pricing-card__terms">Billed monthly · Cancel anytime</p>
          <ul className="pricing-card__list">
            {INCLUDED.map((item) => (
              <li key={item}>
                <CheckIcon />
                {item}
              </li>
            ))}
          </ul>
          <Link to={paths.register} className={buttonClass('primary', 'lg', 'll-btn--block')}>
            Start Free Trial
          </Link>
        </div>
      </div>
    </section>
  );
}
