import { useEffect, useState } from 'react';
import { qrSvgDataUrl } from '../utils/studentLoginUrl';

/** The QR encoder (2 KB) is fetched when a code is first drawn, after the screen's first paint. */
const qrEncoder = () => import('lean-qr/nano');

/** An SVG data URL of the QR code for `text` (error correction M or better); null while drawn or if drawing failed. */
export function useQrCode(text: string) {
  const [dataUrl, setDataUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    setFailed(false);
    qrEncoder()
      .then(({ generate, correction }) => qrSvgDataUrl(generate(text, { minCorrectionLevel: correction.M })))
      .then((url) => current && setDataUrl(url))
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, [text]);

  return { dataUrl, failed };
}
