import { Link } from 'react-router-dom';
import { buttonClass } from '@logbook/ui/lib/buttonClass';
import { paths } from '@logbook/shell-context/routes';
import { HeroPreview } from './HeroPreview';

export function Hero() {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="ll-container hero__inner">
        <div className="hero__copy">
          <p className="hero__eyebrow">The digital log book for learner drivers</p>
          <h1 id="hero-title" className="hero__title">
            Every supervised drive, <span className="hero__highlight">logged and signed</span> on your phone.
          </h1>
          <p className="hero__lead">
            Record each session&apos;s time, route and conditions, capture the student&apos;s and the supervising
            driver&apos;s signatures on the spot, and watch day and night hours add up towards the 75 hours a learner
            needs.
          </p>
          <div className="hero__actions">
            <Link to={paths.register} className={buttonClass('primary', 'lg')}>
              Get Started Free
            </Link>
          </div>
          <div className="hero__student">
            <p>Already have a student account?</p>
            <Link to={paths.studentLogin} className={buttonClass('outline', 'md')}>
              Student Login
            </Link>
          </div>
        </div>
        <HeroPreview />
      </div>
    </section>
  );
}
