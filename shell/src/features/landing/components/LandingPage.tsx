import { SiteFooter } from '../../../lib/SiteFooter';
import { useSignedInRedirect } from '../hooks/useSignedInRedirect';
import { FeatureSection } from './FeatureSection';
import { Hero } from './Hero';
import { LandingHeader } from './LandingHeader';
import { PricingSection } from './PricingSection';

export function LandingPage() {
  useSignedInRedirect();
  return (
    <div className="landing">
      <LandingHeader />
      <main id="main" className="landing__main">
        <Hero />
        <FeatureSection />
        <PricingSection />
      </main>
      <SiteFooter />
    </div>
  );
}
