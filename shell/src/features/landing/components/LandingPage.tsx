import { Navigate } from 'react-router-dom';
import { useCurrentUser } from '@logbook/shell-context/useCurrentUser';
import { SiteFooter } from '../../../lib/SiteFooter';
import { FeatureSection } from './FeatureSection';
import { Hero } from './Hero';
import { LandingHeader } from './LandingHeader';
import { PricingSection } from './PricingSection';

export function LandingPage() {
  const { user } = useCurrentUser();
  // Only presence matters: a signed-in parent belongs on the dashboard.
  if (user) return <Navigate to="/dashboard" replace />;
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
