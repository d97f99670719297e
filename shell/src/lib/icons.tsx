import type { ReactNode } from 'react';

/**
 * Line icons drawn for this product (24px grid, currentColor): those of the app's own frame (offline, install, a part
 * that did not load). The public pages' icons are in pageIcons.tsx, so the signed-in screens' first view does without
 * them.
 */
const base = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
};

/** An icon of this style, drawn with the given shapes. */
export const lineIcon = (shapes: ReactNode) =>
  function LineIcon() {
    return <svg {...base}>{shapes}</svg>;
  };

export const WifiOffIcon = lineIcon(
  <>
    <path d="M2 8.8a15 15 0 0 1 4.2-2.6M10.7 5.1A15 15 0 0 1 22 8.8M5 12.9a10 10 0 0 1 5.2-2.7M16.8 11a10 10 0 0 1 2.2 1.9M8.5 16.4a5 5 0 0 1 7 0" />
    <circle cx="12" cy="20" r="0.6" fill="currentColor" />
    <path d="m3 3 18 18" />
  </>,
);

export const DownloadIcon = lineIcon(<path d="M12 4v11M7 10.5l5 5 5-5M4 20h16" />);

export const CloseIcon = lineIcon(<path d="M6 6l12 12M18 6 6 18" />);

export const AlertIcon = lineIcon(<path d="M12 3 2 20h20L12 3ZM12 10v4.5M12 17.5v.2" />);
