import { Badge } from '@logbook/ui/Badge';
import { ProgressBar } from '@logbook/ui/ProgressBar';

/** A picture of the product's progress panel, so visitors see what they get before signing up. */
export function HeroPreview() {
  return (
    <figure className="hero-preview" aria-label="Example of a learner's progress">
      <div className="hero-preview__card">
        <div className="hero-preview__head">
          <div>
            <p className="hero-preview__name">Jamie&apos;s progress</p>
            <p className="hero-preview__meta">52.5 of 75 hours logged</p>
          </div>
          <Badge variant="info">Halfway There</Badge>
        </div>
        <ProgressBar value={70} label="Total hours" showLabel />
        <ProgressBar value={78} label="Day driving" showLabel tone="day" />
        <ProgressBar value={46} label="Night driving" showLabel tone="night" />
        <div className="hero-preview__session">
          <div>
            <p className="hero-preview__session-title">Saturday · Glenelg → Adelaide CBD</p>
            <p className="hero-preview__meta">1.5 hours · light traffic · sealed roads</p>
          </div>
          <Badge variant="success">Signed</Badge>
        </div>
      </div>
      <figcaption className="ll-visually-hidden">
        An example progress panel with day and night driving hours.
      </figcaption>
    </figure>
  );
}
