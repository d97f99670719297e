import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { RoutingProvider, type Routing } from '@logbook/shell-context/shared';
import type { RenderedFrame } from './screenFrames';

/** A screen's frame as a remote's frames module lists it. */
interface Frame {
  /** The route pattern the screen is drawn at. */
  path: string;
  /** The exposed module that draws the screen (its style sheets are the frame's). */
  expose: string;
  /** The screen as it stands before its data, the same for everyone. */
  element: ReactElement;
}

/** Routing for a page drawn once, at build time: its links are plain addresses. */
const routingAt = (pathname: string): Routing => ({
  params: {},
  location: { pathname, search: '', hash: '', state: null, key: 'frame' },
  navigate: () => undefined,
});

/** A remote's frames as HTML, for its frames.json (scripts/screenFrames.ts runs this at build time). */
export const renderFrames = (frames: Frame[]): RenderedFrame[] =>
  frames.map(({ path, expose, element }) => ({
    path,
    expose,
    html: renderToStaticMarkup(<RoutingProvider value={routingAt(path)}>{element}</RoutingProvider>),
  }));
