import { useSyncExternalStore, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';

/** Sent by public/page-kind.js once it has painted a frame and kept it in <template id="screen-frame">. */
export const FRAME_EVENT = 'screenframe';

const subscribe = (onChange: () => void) => {
  window.addEventListener(FRAME_EVENT, onChange);
  return () => window.removeEventListener(FRAME_EVENT, onChange);
};
const keptFrame = () => document.getElementById('screen-frame') as HTMLTemplateElement | null;

export interface ScreenFrameProps {
  /** Drawn where there is no frame for this address. */
  fallback: ReactNode;
  /** Whether the frame is drawn in the page's main landmark (it is outside the remotes' layout). */
  inMain?: boolean;
}

/**
 * While a remote screen's code arrives: the frame page-kind.js painted at this address before any script ran, so the
 * page stays as it was painted until the screen itself is drawn; elsewhere, `fallback`.
 */
export function ScreenFrame({ fallback, inMain = false }: ScreenFrameProps) {
  const frame = useSyncExternalStore(subscribe, keptFrame, () => null);
  const { pathname, search } = useLocation();
  if (!frame || frame.dataset.path !== pathname || search) return fallback;
  // Inert: its buttons are pictures until the screen's own are drawn.
  const drawn = <div className="screen-frame" inert dangerouslySetInnerHTML={{ __html: frame.innerHTML }} />;
  return inMain ? (
    <main id="main" className="remote-main">
      {drawn}
    </main>
  ) : (
    drawn
  );
}
