import { useQrCode } from '../hooks/useQrCode';

export interface QrCodeImageProps {
  value: string;
  /** Shown size in CSS pixels; the source image is always 300 px wide. */
  size: number;
  testId?: string;
}

/** The QR code for `value`, drawn black on white with a quiet zone so phone cameras read it. */
export function QrCodeImage({ value, size, testId }: QrCodeImageProps) {
  const { dataUrl, failed } = useQrCode(value);
  if (failed) {
    return (
      <p className="pp-qr pp-qr--failed" style={{ width: size, minHeight: size }} role="status">
        QR code unavailable
      </p>
    );
  }
  if (!dataUrl) {
    return <span className="pp-qr pp-qr--pending" style={{ width: size, height: size }} aria-hidden="true" />;
  }
  return (
    <img
      className="pp-qr"
      src={dataUrl}
      width={size}
      height={size}
      alt={`QR code linking to ${value}`}
      data-testid={testId}
    />
  );
}
