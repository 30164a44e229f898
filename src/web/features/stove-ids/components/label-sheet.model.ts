/**
 * Label sheets: A4 pages of 3 × 8 labels or single labels for label printers (50 × 25 mm,
 * 100 × 50 mm), large sheets printed in parts, and QR codes drawn in chunks so thousands of labels
 * never freeze the tab. Pure functions (the drawing is injected).
 */
import { counted } from '@common/counted';
import { STOVE_CODE_PATTERN, normalizeCode } from '@common/stove-codes';

export const LABEL_COLUMNS = 3;
export const LABEL_ROWS = 8;
export const LABELS_PER_PAGE = LABEL_COLUMNS * LABEL_ROWS;
/** One print run: 200 A4 pages. A larger batch is printed part by part. */
export const LABELS_PER_PART = 200 * LABELS_PER_PAGE;
/** The most codes a selection sheet takes (POST /api/stove-ids/labels). */
export const SELECTION_LABELS_MAX = 5_000;
/** Labels whose QR codes are drawn (and rendered) between two breaks for the browser: two A4 pages. */
const LABELS_PER_CHUNK = 2 * LABELS_PER_PAGE;

/** Pages drawn between two breaks for the browser: two A4 sheets, or 48 single labels. */
export function pagesPerChunk(perPage: number): number {
  return Math.max(1, Math.round(LABELS_PER_CHUNK / Math.max(1, perPage)));
}

export const LABEL_SIZES = ['a4', '50x25', '100x50'] as const;
export type LabelSize = (typeof LABEL_SIZES)[number];

/** How labels of one size are printed. */
export interface LabelLayout {
  size: LabelSize;
  /** The choice's words: "Single labels 50 × 25 mm". */
  text: string;
  /** Labels on one printed page: 24 on an A4 sheet, 1 on a label printer's roll. */
  perPage: number;
  /** The printed page (the label itself for a label printer), in mm. */
  widthMm: number;
  heightMm: number;
  /** The code's text beside its QR code (A4, 50 × 25) or under it (100 × 50). */
  codeUnderQr: boolean;
}

export const LABEL_LAYOUTS: Readonly<Record<LabelSize, LabelLayout>> = {
  a4: { size: 'a4', text: 'A4 sheet', perPage: LABELS_PER_PAGE, widthMm: 210, heightMm: 297, codeUnderQr: false },
  '50x25': {
    size: '50x25',
    text: 'Single labels 50 × 25 mm',
    perPage: 1,
    widthMm: 50,
    heightMm: 25,
    codeUnderQr: false,
  },
  '100x50': {
    size: '100x50',
    text: 'Single labels 100 × 50 mm',
    perPage: 1,
    widthMm: 100,
    heightMm: 50,
    codeUnderQr: true,
  },
};

/** The size in the URL (?size=50x25), else the one remembered, else the A4 sheet. */
export function parseLabelSize(...candidates: (string | null | undefined)[]): LabelSize {
  for (const raw of candidates) {
    const size = LABEL_SIZES.find((s) => s === raw);
    if (size) return size;
  }
  return 'a4';
}

/** "30 labels on 2 A4 pages (3 × 8 labels a page)." or "30 single labels of 50 × 25 mm, one a page." */
export function sheetSummary(count: number, layout: LabelLayout): string {
  if (layout.perPage === 1) {
    return `${counted(count, 'single label')} of ${layout.widthMm} × ${layout.heightMm} mm, one a page. Choose the label printer and this paper size when printing.`;
  }
  const pages = Math.ceil(count / layout.perPage);
  return `${counted(count, 'label')} on ${counted(pages, 'A4 page')} (3 × 8 labels a page).`;
}

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
