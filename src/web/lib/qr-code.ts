/**
 * QR codes drawn as one inline SVG path (far lighter for the browser than thousands of images):
 * labels and dispatch notes. Pure functions around the `qrcode` package.
 */
import { create as createQr } from 'qrcode';

/** A QR code ready to draw: its side in modules (quiet zone included) and one path of its dark modules. */
export interface QrShape {
  side: number;
  path: string;
}

/**
 * The dark modules of a `size` x `size` QR matrix as one SVG path, each run of dark modules in a row
 * one rectangle, shifted by a quiet zone of `margin` modules.
 */
export function qrShape(size: number, isDark: (row: number, col: number) => boolean, margin = 2): QrShape {
  const parts: string[] = [];
  for (let row = 0; row < size; row++) {
    let col = 0;
    while (col < size) {
      if (!isDark(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < size && isDark(row, col)) col++;
      parts.push(`M${start + margin} ${row + margin}h${col - start}v1h-${col - start}z`);
    }
  }
  return { side: size + 2 * margin, path: parts.join('') };
}

/** Characters of the QR alphanumeric mode: every stove code (A-Z, 0-9, -) is one such segment. */
const QR_ALPHANUMERIC = /^[0-9A-Z $%*+\-./:]*$/;

/** The QR code of `text` (error correction M, quiet zone of two modules). */
export function qrOf(text: string): QrShape {
  // One alphanumeric segment skips the library's search for the best mix of modes (most of its time).
  const data = QR_ALPHANUMERIC.test(text) ? [{ data: text, mode: 'alphanumeric' as const }] : text;
  const { modules } = createQr(data, { errorCorrectionLevel: 'M' });
  return qrShape(modules.size, (row, col) => Boolean(modules.get(row, col)));
}
