import { createElement, type ComponentType } from 'react';
// A whole copy of react-router, apart from the shell's own (see the alias in vite.config.ts).
import * as LegacyRouter from 'legacy-react-router';
import { hrefOf, useLocation, useNavigate, useParams, type To } from '@logbook/shell-context/routing';

/**
 * What a remote built while the router was shared is given for 'react-router' and 'react-router-dom'. Its screens use
 * the router's hooks and links, which need that copy's router around them: `withLegacyRouter` draws one, whose
 * location, params and navigation are the shell's.
 */
export const legacyRouterModule = LegacyRouter;

export function withLegacyRouter(Screen: ComponentType): ComponentType {
  function LegacyRoutedScreen() {
    const location = useLocation();
    const params = useParams();
    const navigate = useNavigate();
    const navigator = {
      createHref: (to: To) => hrefOf(to),
      encodeLocation: (to: To) => new URL(hrefOf(to), window.location.href),
      push: (to: To, state?: unknown) => navigate(to, { state }),
      replace: (to: To, state?: unknown) => navigate(to, { replace: true, state }),
      go: (delta: number) => navigate(delta),
    };
    const match = { params, pathname: location.pathname, pathnameBase: location.pathname, route: { id: 'screen' } };
    return createElement(
      LegacyRouter.Router,
      { location, navigator: navigator as never },
      createElement(
        LegacyRouter.UNSAFE_RouteContext.Provider,
        { value: { outlet: null, matches: [match] as never, isDataRoute: false } },
        createElement(Screen),
      ),
    );
  }
  return LegacyRoutedScreen;
}
