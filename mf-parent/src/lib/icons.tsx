/** Small line icons; each is decoration beside words that carry the meaning. */
const base = {
  viewBox: '0 0 20 20',
  width: 16,
  height: 16,
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.7,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
  focusable: false,
};

export const LockIcon = () => (
  <svg {...base}>
    <rect x="4" y="9" width="12" height="8" rx="1.6" />
    <path d="M7 9V6.5a3 3 0 0 1 6 0V9" />
  </svg>
);

export const GiftIcon = () => (
  <svg {...base} width={24} height={24}>
    <rect x="3" y="8" width="14" height="9" rx="1.2" />
    <path d="M2.5 8h15M10 8v9M10 8S8.8 3.5 6.6 4.2C5 4.8 6 8 10 8Zm0 0s1.2-4.5 3.4-3.8C15 4.8 14 8 10 8Z" />
  </svg>
);

export const SunIcon = () => (
  <svg {...base} width={13} height={13}>
    <circle cx="10" cy="10" r="3.4" />
    <path d="M10 2v2M10 16v2M2 10h2M16 10h2M4.3 4.3l1.4 1.4M14.3 14.3l1.4 1.4M4.3 15.7l1.4-1.4M14.3 5.7l1.4-1.4" />
  </svg>
);

export const MoonIcon = () => (
  <svg {...base} width={13} height={13}>
    <path d="M15.5 12.5A6.5 6.5 0 0 1 7.5 4.5a6.5 6.5 0 1 0 8 8Z" />
  </svg>
);

export const CheckCircleIcon = () => (
  <svg {...base} width={22} height={22}>
    <circle cx="10" cy="10" r="8" />
    <path d="m6.5 10.2 2.4 2.4 4.6-4.8" />
  </svg>
);
