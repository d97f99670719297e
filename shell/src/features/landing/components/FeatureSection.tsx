import { Card } from '@logbook/ui/Card';
import { ProgressIcon, SignatureIcon, StudentsIcon } from '../../../lib/pageIcons';

export function FeatureSection() {
  return (
    <section className="landing-section" aria-labelledby="features-title">
      <div className="ll-container">
        <div className="section-head">
          <h2 id="features-title">Everything a learner&apos;s log book needs</h2>
          <p>No more lost pages or missing signatures. Your log book is always with you and always up to date.</p>
        </div>
        <div className="feature-grid">
          <Card
            icon={<SignatureIcon />}
            title="Digital signatures"
            description="The student and the supervising driver sign each session on the device, so every entry is complete and ready for compliance checks."
          />
          <Card
            icon={<StudentsIcon />}
            title="Multiple students, unlimited sessions"
            description="Manage every learner in the family from one parent account and log as many driving sessions as they need."
          />
          <Card
            icon={<ProgressIcon />}
            title="Progress tracking and reports"
            description="Day and night hours add up automatically towards the target. Download a PDF log any time, from the mobile app or the web."
          />
        </div>
      </div>
    </section>
  );
}
