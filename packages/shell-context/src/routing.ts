/**
 * The routing primitives a remote uses (the current params and location, navigate, a link), handed to it by the
 * shell through this shared context. Routing belongs to the shell: a remote never imports the router, so the router
 * is not a shared module and the shell's copy is tree-shaken to what the shell itself uses.
 */
import {
  createContext,
  createElement,
  useContext,
  useEffect,
  useMemo,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
  type Ref,
} from 'react';

/** Where to go: a path ('/dashboard?x=1'), or its parts. */
export type To = string | { pathname?: string; search?: string; hash?: string };

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export interface NavigateFunction {
  (to: To, options?: NavigateOptions): void;
  /** Back (-1) or forward in the history. */
  (delta: number): void;
}

export interface RoutedLocation {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key: string;
}

export interface Routing {
  /** The matched route's parameters ('studentId' of '/students/:studentId/sessions'). */
  params: Readonly<Record<string, string | undefined>>;
  location: RoutedLocation;
  navigate: NavigateFunction;
}

const RoutingContext = createContext<Routing | null>(null);

/** Given by the shell around every remote screen (and by a remote's own page when it runs alone). */
export const RoutingProvider = RoutingContext.Provider;

function useRouting(): Routing {
  const routing = useContext(RoutingContext);
  if (!routing) throw new Error('Routing is handed down by the shell: render this inside its RoutingProvider.');
  return routing;
}

export const useParams = (): Routing['params'] => useRouting().params;
export const useLocation = (): RoutedLocation => useRouting().location;
export const useNavigate = (): NavigateFunction => useRouting().navigate;

/** The current query string, read only (the screens change it by navigating). */
export function useSearchParams(): [URLSearchParams] {
  const { search } = useLocation();
  return [useMemo(() => new URLSearchParams(search), [search])];
}

/** A plain click: the app moves itself; a new tab, a download or a modified click is left to the browser. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    (!target || target === '_self') &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
  children?: ReactNode;
}

/** A link within the app: a real anchor (open in a new tab works), moved by the shell's router on a plain click. */
export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const { navigate } = useRouting();
  return createElement('a', {
    ...rest,
    href: typeof to === 'string' ? to : `${to.pathname ?? ''}${to.search ?? ''}${to.hash ?? ''}`,
    target,
    onClick: (event: MouseEvent<HTMLAnchorElement>) => {
      onClick?.(event);
      if (!isPlainClick(event, target)) return;
      event.preventDefault();
      navigate(to, { replace, state });
    },
  });
}

/** Moves to `to` once drawn (a redirect). */
export function Navigate({ to, replace, state }: { to: To } & NavigateOptions) {
  const { navigate } = useRouting();
  // Once, as the router's own Navigate does: a redirect is not repeated on a re-render.
  useEffect(() => {
    navigate(to, { replace, state });
  }, []);
  return null;
}

/** The hooks of a router that can fill the routing context (react-router's, in the shell and a remote run alone). */
export interface RouterHooks {
  useParams: () => Routing['params'];
  useLocation: () => RoutedLocation;
  useNavigate: () => (to: To | number, options?: NavigateOptions) => void | Promise<void>;
}

/** A provider that hands the given router's state to what it wraps (inside that router's matched route). */
export function routingFrom(router: RouterHooks) {
  return function RouterRouting({ children }: { children?: ReactNode }) {
    const params = router.useParams();
    const location = router.useLocation();
    const routerNavigate = router.useNavigate();
    const value = useMemo<Routing>(
      () => ({
        params,
        location,
        navigate: ((to: To | number, options?: NavigateOptions) => {
          void routerNavigate(to, options);
        }) as NavigateFunction,
      }),
      [params, location, routerNavigate],
    );
    return createElement(RoutingProvider, { value }, children);
  };
}
