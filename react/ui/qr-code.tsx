/**
 * A QR code drawn in the page as SVG (encoded here by qrMatrix; no image is fetched from anywhere,
 * so a secret in it never leaves the browser). One path of unit squares, with the quiet zone.
 */
import { qrMatrix } from './qr-matrix.js';

/** Props of `QrCode`. */
export interface QrCodeProps {
  /** What the code carries (an `otpauth://` URI, a link to open on another device). */
  value: string;
  /** Accessible name, e.g. 'QR code for your authenticator app'. */
  label: string;
  /** Rendered size in CSS pixels. Default 192. */
  size?: number;
}

/** The QR code of `value`, black on white in a thin rounded frame, whatever the theme. */
export function QrCode({ value, label, size = 192 }: QrCodeProps) {
  const data = qrMatrix(value, 4);
  let path = '';
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    });
  });
  return (
    <svg
      className="signet-qr"
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${data.length} ${data.length}`}
      shapeRendering="crispEdges"
    >
      <rect width="100%" height="100%" fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
