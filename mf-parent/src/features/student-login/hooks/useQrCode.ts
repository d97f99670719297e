import { useEffect, useState } from 'react';
import QRCode from 'qrcode';
import { QR_OPTIONS } from '../utils/studentLoginUrl';

/** A PNG data URL of the QR code for `text`; null while it is drawn or if drawing failed. */
export function useQrCode(text: string) {
  const [dataUrl, setDataUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    setFailed(false);
    QRCode.toDataURL(text, QR_OPTIONS)
      .then((url) => current && setDataUrl(url))
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, [text]);

  return { dataUrl, failed };
}
