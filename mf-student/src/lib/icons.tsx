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
