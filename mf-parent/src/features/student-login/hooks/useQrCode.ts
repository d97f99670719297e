import { useEffect, useState } from 'react';
import { QR_OPTIONS } from '../utils/studentLoginUrl';

/** The QR encoder is fetched when a code is first drawn, after the screen's first paint, not with the dashboard. */
const qrEncoder = () => import('qrcode').then((m) => m.default);

/** A PNG data URL of the QR code for `text`; null while it is drawn or if drawing failed. */
export function useQrCode(text: string) {
  const [dataUrl, setDataUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    setFailed(false);
    qrEncoder()
      .then((QRCode) => QRCode.toDataURL(text, QR_OPTIONS))
      .then((url) => current && setDataUrl(url))
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, [text]);

  return { dataUrl, failed };
}
