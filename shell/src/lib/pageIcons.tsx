import { lineIcon } from './icons';

/** The public pages' line icons (landing, verification), drawn like the app's own (icons.tsx). */
export const SignatureIcon = lineIcon(<path d="M3 17c3-1 4-9 6-9s-1 9 1 9 3-5 4-5 0 4 2 4 3-2 5-2M3 21h18" />);

export const StudentsIcon = lineIcon(
  <>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20c.8-3.5 3.4-5.5 6.5-5.5s5.7 2 6.5 5.5M16 4.8a3.5 3.5 0 0 1 0 6.4M18.5 14.8c1.6.8 2.6 2.6 3 5.2" />
  </>,
);

export const ProgressIcon = lineIcon(<path d="M4 20V10M10 20V4M16 20v-7M22 20H2" />);

export const CheckIcon = lineIcon(<path d="m5 12.5 4.5 4.5L19 7.5" />);

const SHIELD = 'M12 3 4.5 6v5.5c0 4.6 3.2 8.3 7.5 9.5 4.3-1.2 7.5-4.9 7.5-9.5V6L12 3Z';

export const ShieldCheckIcon = lineIcon(<path d={`${SHIELD}m-3.5 9 2.5 2.5 4.5-5`} />);

export const ShieldAlertIcon = lineIcon(<path d={`${SHIELD}M12 8v5M12 16.2v.2`} />);
