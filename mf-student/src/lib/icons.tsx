import type { ReactNode } from 'react';

/** Small line icons; each is decoration beside words that carry the meaning. */
const lineIcon = (shapes: ReactNode, size = 16) =>
  function LineIcon() {
    return (
      <svg
        viewBox="0 0 24 24"
        width={size}
        height={size}
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        {shapes}
      </svg>
    );
  };

export const DownloadIcon = lineIcon(<path d="M12 3v12m-5-5 5 5 5-5M5 21h14" />);

export const PlusIcon = lineIcon(<path d="M12 5v14M5 12h14" strokeWidth={2.2} />);

export const LogoutIcon = lineIcon(<path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4m7 14 5-5-5-5m5 5H9" />);

export const CapIcon = lineIcon(<path d="M22 10 12 5 2 10l10 5 10-5ZM6 12v5c3 2 9 2 12 0v-5M22 10v6" />, 26);

export const EyeIcon = lineIcon(
  <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12ZM15 12a3 3 0 1 1-6 0 3 3 0 0 1 6 0Z" />,
);

export const EyeOffIcon = lineIcon(
  <path d="M10.6 5.1A10.6 10.6 0 0 1 12 5c6.4 0 10 7 10 7a17.6 17.6 0 0 1-3.2 4.2M6.6 6.6A17.3 17.3 0 0 0 2 12s3.6 7 10 7a9.7 9.7 0 0 0 5.4-1.6M9.9 9.9a3 3 0 0 0 4.2 4.2M3 3l18 18" />,
);
