/**
 * Label sheets: A4 pages of 3 × 8 labels, large sheets printed in parts, and QR codes drawn in
 * chunks so thousands of labels never freeze the tab. Pure functions (the drawing is injected).
 */
import { STOVE_CODE_PATTERN, normalizeCode } from '@common/stove-codes';

export const LABEL_COLUMNS = 3;
export const LABEL_ROWS = 8;
export const LABELS_PER_PAGE = LABEL_COLUMNS * LABEL_ROWS;
/** One print run: 200 A4 pages. A larger batch is printed part by part. */
export const LABELS_PER_PART = 200 * LABELS_PER_PAGE;
/** The most codes a selection sheet takes (POST /api/stove-ids/labels). */
export const SELECTION_LABELS_MAX = 5_000;
/** Pages whose QR codes are drawn (and whose labels are rendered) between two breaks for the browser. */
export const PAGES_PER_CHUNK = 2;

/** The labels cut into pages of `perPage` (the last one may be short). */
export function pagesOf<T>(labels: readonly T[], perPage = LABELS_PER_PAGE): T[][] {
  const pages: T[][] = [];
  for (let i = 0; i < labels.length; i += perPage) pages.push(labels.slice(i, i + perPage));
  return pages;
}

export interface LabelPart {
  /** 0-based. */
  index: number;
  /** 0-based, inclusive start and exclusive end in the whole sheet. */
  start: number;
  end: number;
  /** "Labels 1–4,800" */
  text: string;
}

/** The print runs of a sheet of `total` labels (one part when it fits). */
export function labelParts(total: number, perPart = LABELS_PER_PART): LabelPart[] {
  const parts: LabelPart[] = [];
  for (let start = 0, index = 0; start < total; start += perPart, index++) {
    const end = Math.min(total, start + perPart);
    parts.push({
      index,
      start,
      end,
      text: `Labels ${(start + 1).toLocaleString('en-US')}–${end.toLocaleString('en-US')}`,
    });
  }
  return parts;
}

/** The part asked for in the URL (?part=2 is the second), clamped to the parts there are. */
export function partIndex(raw: string | null, partCount: number): number {
  const n = raw !== null && /^\d+$/.test(raw) ? Number(raw) - 1 : 0;
  return Math.max(0, Math.min(Math.max(0, partCount - 1), n));
}

/** The codes of `?codes=A,B,…`: normalized, valid, each once, at most SELECTION_LABELS_MAX. */
export function parseCodesParam(raw: string | null): string[] {
  if (!raw) return [];
  const seen = new Set<string>();
  for (const part of raw.split(',')) {
    const code = normalizeCode(part);
    if (STOVE_CODE_PATTERN.test(code)) seen.add(code);
    if (seen.size >= SELECTION_LABELS_MAX) break;
  }
  return [...seen];
}

/** The label sheet's URL for a batch or for chosen codes. */
export function labelSheetHref(source: { batchId: string } | { codes: readonly string[] }): string {
  const search = new URLSearchParams();
  if ('batchId' in source) search.set('batch', source.batchId);
  else search.set('codes', source.codes.join(','));
  return `/stove-id/labels?${search.toString()}`;
}

/** A QR code ready to draw: its side in modules (quiet zone included) and one path of its dark modules. */
export interface QrShape {
  side: number;
  path: string;
}

/**
 * The dark modules of a `size` x `size` QR matrix as one SVG path, each run of dark modules in a row
 * one rectangle, shifted by a quiet zone of `margin` modules. Inline SVG paths are far lighter for
 * the browser than thousands of SVG images.
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

/** Lets the browser paint and handle input between two chunks. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Maps `items` with `draw` in chunks of `chunkSize`, yielding to the browser between chunks;
 * `onChunk` gets each chunk's start and results. Stops quietly when `signal` aborts.
 */
export async function mapInChunks<T, R>(
  items: readonly T[],
  draw: (item: T) => R | Promise<R>,
  onChunk: (start: number, results: R[]) => void,
  options: { chunkSize?: number; signal?: AbortSignal; pause?: () => Promise<void> } = {},
): Promise<void> {
  const { chunkSize = 1, signal, pause = nextTask } = options;
  for (let start = 0; start < items.length; start += chunkSize) {
    if (signal?.aborted) return;
    const results = await Promise.all(items.slice(start, start + chunkSize).map((item) => draw(item)));
    if (signal?.aborted) return;
    onChunk(start, results);
    await pause();
  }
}
