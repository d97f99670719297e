import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { RoutingProvider, routePatterns, type Routing } from '@logbook/shell-context/shared';
import type { RenderedFrame } from '../../../scripts/screenFrames';
import { DashboardFrame } from './components/DashboardFrame';

const frames: [path: string, expose: string, element: ReactElement][] = [
  [routePatterns.dashboard, './Dashboard', <DashboardFrame key="dashboard" />],
];

/** Routing for a page drawn once, at build time: its links are plain addresses. */
const routingAt = (pathname: string): Routing => ({
  params: {},
  location: { pathname, search: '', hash: '', state: null, key: 'frame' },
  navigate: () => undefined,
});

/**
 * Every frame this remote publishes in frames.json, as HTML (run by the build): a screen's page before its data, the
 * same for everyone, painted by the shell before any script.
 */
export function renderFrames(): RenderedFrame[] {
  return frames.map(([path, expose, element]) => ({
    path,
    expose,
    html: renderToStaticMarkup(<RoutingProvider value={routingAt(path)}>{element}</RoutingProvider>),
  }));
}
