import { QR_CODE } from '@logbook/contracts/constants';
import { paths } from '@logbook/shell-context/routes';

/** The absolute address of the student sign-in page on this site, which the QR code encodes. */
export function studentLoginUrl(origin: string = window.location.origin): string {
  return new URL(paths.studentLogin, origin).href;
}

/** qrcode's options for the printed code: 300 px wide source, margin 2, black on white. */
export const QR_OPTIONS = {
  width: QR_CODE.width,
  margin: QR_CODE.margin,
  color: { dark: QR_CODE.dark, light: QR_CODE.light },
} as const;
