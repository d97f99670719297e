import type { ReactNode } from 'react';

/** Small line icons; each is decoration beside words that carry the meaning. */
const base = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.7,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
  focusable: false,
};

const lineIcon = (shapes: ReactNode, size = 16, viewBox = '0 0 20 20') =>
  function LineIcon() {
    return (
      <svg {...base} viewBox={viewBox} width={size} height={size}>
        {shapes}
      </svg>
    );
  };

export const LockIcon = lineIcon(
  <>
    <rect x="4" y="9" width="12" height="8" rx="1.6" />
    <path d="M7 9V6.5a3 3 0 0 1 6 0V9" />
  </>,
);

export const GiftIcon = lineIcon(
  <>
    <rect x="3" y="8" width="14" height="9" rx="1.2" />
    <path d="M2.5 8h15M10 8v9M10 8S8.8 3.5 6.6 4.2C5 4.8 6 8 10 8Zm0 0s1.2-4.5 3.4-3.8C15 4.8 14 8 10 8Z" />
  </>,
  24,
);

export const SunIcon = lineIcon(
  <>
    <circle cx="10" cy="10" r="3.4" />
    <path d="M10 2v2M10 16v2M2 10h2M16 10h2M4.3 4.3l1.4 1.4M14.3 14.3l1.4 1.4M4.3 15.7l1.4-1.4M14.3 5.7l1.4-1.4" />
  </>,
  13,
);

export const MoonIcon = lineIcon(<path d="M15.5 12.5A6.5 6.5 0 0 1 7.5 4.5a6.5 6.5 0 1 0 8 8Z" />, 13);

export const CheckCircleIcon = lineIcon(
  <>
    <circle cx="10" cy="10" r="8" />
    <path d="m6.5 10.2 2.4 2.4 4.6-4.8" />
  </>,
  22,
);

export const PlusIcon = lineIcon(<path d="M10 4v12M4 10h12" strokeWidth={2} />);

export const StudentIcon = lineIcon(
  <>
    <circle cx="12" cy="8" r="3.5" />
    <path d="M5 19c1.2-3.4 3.8-5 7-5s5.8 1.6 7 5" />
  </>,
  28,
  '0 0 24 24',
);

export const DownloadIcon = lineIcon(<path d="M10 3v9m0 0-3.5-3.5M10 12l3.5-3.5M4 14v2h12v-2" />);

export const DeleteIcon = lineIcon(<path d="M4 6h12M8 6V4h4v2m-6 0 .7 10h6.6L14 6" strokeWidth={1.6} />);

export const SettingsIcon = lineIcon(
  <>
    <circle cx="10" cy="10" r="2.6" strokeWidth={1.6} />
    <path
      d="M10 2.5v2.2M10 15.3v2.2M2.5 10h2.2M15.3 10h2.2M4.7 4.7l1.6 1.6M13.7 13.7l1.6 1.6M4.7 15.3l1.6-1.6M13.7 6.3l1.6-1.6"
      strokeWidth={1.6}
    />
  </>,
);

export const AccountIcon = lineIcon(
  <>
    <circle cx="10" cy="7" r="3.2" strokeWidth={1.6} />
    <path d="M3.8 17c.9-3.2 3.3-5 6.2-5s5.3 1.8 6.2 5" strokeWidth={1.6} />
  </>,
);
