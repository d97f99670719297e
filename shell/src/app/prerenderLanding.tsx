import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router';
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
