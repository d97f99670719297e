import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { Spinner } from '@logbook/ui/Spinner';
import { LandingPage } from '../features/landing/components/LandingPage';
import { ShellRouting } from '../lib/ShellRouting';

/**
 * The landing page as HTML, written into index.html at build time so `/` paints before any JavaScript has loaded.
 * The app replaces it on its first render; on every other path public/page-kind.js hides it until then.
 */
export function renderLanding(): string {
  return renderToStaticMarkup(
    <StaticRouter location="/">
      <ShellRouting>
        <a href="#main" className="ll-skip-link">
          Skip to content
        </a>
        <LandingPage />
      </ShellRouting>
    </StaticRouter>,
  );
}

/**
 * What every other page shows before any JavaScript has loaded: the loading state the app itself draws first, so the
 * page paints at once instead of staying blank until the app's code has arrived and run.
 */
export function renderLoading(): string {
  return renderToStaticMarkup(<Spinner label="Loading…" />);
}
