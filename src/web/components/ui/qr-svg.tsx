import type { QrShape } from '@web/lib/qr-code';

/** A QR code drawn by qrOf as one inline SVG (crisp at any print size), named for screen readers. */
export function QrSvg({
  qr,
  label,
  className,
  ...data
}: {
  qr: QrShape;
  /** What the code holds, in words: "QR code of STV00000013". */
  label: string;
  className?: string;
} & { [key: `data-${string}`]: string }) {
  return (
    <svg
      className={className}
      viewBox={`0 0 ${qr.side} ${qr.side}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      {...data}
    >
      <rect width={qr.side} height={qr.side} fill="#fff" />
      <path d={qr.path} fill="#000" />
    </svg>
  );
}
