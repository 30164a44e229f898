import { describe, expect, it } from 'vitest';
import {
  LABEL_LAYOUTS,
  LABELS_PER_PAGE,
  LABELS_PER_PART,
  SELECTION_LABELS_MAX,
  labelParts,
  labelSheetHref,
  pagesPerChunk,
  parseLabelSize,
  sheetSummary,
  mapInChunks,
  pagesOf,
  parseCodesParam,
  partIndex,
} from './label-sheet.model';

describe('pagesOf', () => {
  it('cuts labels into A4 pages of 3 x 8, the last one short', () => {
    const labels = Array.from({ length: 50 }, (_, i) => i);
    const pages = pagesOf(labels);
    expect(LABELS_PER_PAGE).toBe(24);
    expect(pages.map((p) => p.length)).toEqual([24, 24, 2]);
    expect(pages[2]).toEqual([48, 49]);
    expect(pagesOf([])).toEqual([]);
  });
});

describe('labelParts', () => {
  it('is one part when the sheet fits one print run', () => {
    expect(labelParts(5)).toEqual([{ index: 0, start: 0, end: 5, text: 'Labels 1–5' }]);
    expect(labelParts(0)).toEqual([]);
  });

  it('cuts a batch of 100,000 into runs of whole pages', () => {
    const parts = labelParts(100_000);
    expect(LABELS_PER_PART % LABELS_PER_PAGE).toBe(0);
    expect(parts).toHaveLength(Math.ceil(100_000 / LABELS_PER_PART));
    expect(parts[0]).toEqual({ index: 0, start: 0, end: 4800, text: 'Labels 1–4,800' });
    expect(parts.at(-1)).toMatchObject({ start: 96_000, end: 100_000, text: 'Labels 96,001–100,000' });
  });
});

describe('partIndex', () => {
  it('reads ?part= (1-based) and keeps it within the parts', () => {
    expect(partIndex(null, 3)).toBe(0);
    expect(partIndex('2', 3)).toBe(1);
    expect(partIndex('9', 3)).toBe(2);
    expect(partIndex('0', 3)).toBe(0);
    expect(partIndex('x', 3)).toBe(0);
    expect(partIndex('2', 0)).toBe(0);
  });
});

describe('parseCodesParam', () => {
  it('normalizes, drops what is not a code and keeps each code once', () => {
    expect(parseCodesParam(' stv00000013 ,STV00000013,x,,ab-12')).toEqual(['STV00000013', 'AB-12']);
    expect(parseCodesParam(null)).toEqual([]);
  });

  it('takes at most the selection limit', () => {
    const many = Array.from({ length: SELECTION_LABELS_MAX + 10 }, (_, i) => `C${String(i).padStart(6, '0')}`);
    expect(parseCodesParam(many.join(','))).toHaveLength(SELECTION_LABELS_MAX);
  });

  it('reads back what labelSheetHref writes', () => {
    const href = labelSheetHref({ codes: ['A0000', 'B-1234'] });
    expect(href).toBe('/stove-id/labels?codes=A0000%2CB-1234');
    expect(parseCodesParam(new URL(href, 'http://x').searchParams.get('codes'))).toEqual(['A0000', 'B-1234']);
    expect(labelSheetHref({ batchId: 'abc' })).toBe('/stove-id/labels?batch=abc');
  });
});

describe('mapInChunks', () => {
  it('draws every item in chunks, pausing between them', async () => {
    const chunks: [number, string[]][] = [];
    let pauses = 0;
    await mapInChunks(
      ['a', 'b', 'c', 'd', 'e'],
      (s) => s.toUpperCase(),
      (start, results) => chunks.push([start, results]),
      {
        chunkSize: 2,
        pause: async () => {
          pauses++;
        },
      },
    );
    expect(chunks).toEqual([
      [0, ['A', 'B']],
      [2, ['C', 'D']],
      [4, ['E']],
    ]);
    expect(pauses).toBe(3);
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    const starts: number[] = [];
    await mapInChunks(
      [1, 2, 3, 4, 5, 6],
      async (n) => n,
      (start) => {
        starts.push(start);
        if (start === 2) controller.abort();
      },
      { chunkSize: 2, signal: controller.signal, pause: async () => undefined },
    );
    expect(starts).toEqual([0, 2]);
  });
});

describe('label sizes', () => {
  it('reads the size from the URL, else the remembered one, else the A4 sheet', () => {
    expect(parseLabelSize('50x25', '100x50')).toBe('50x25');
    expect(parseLabelSize(null, '100x50')).toBe('100x50');
    expect(parseLabelSize('huge', undefined)).toBe('a4');
    expect(parseLabelSize()).toBe('a4');
  });

  it('prints 24 labels on an A4 page and one label a page on a label printer, the code beside or under its QR', () => {
    expect(LABEL_LAYOUTS.a4).toMatchObject({ perPage: 24, widthMm: 210, heightMm: 297, codeUnderQr: false });
    expect(LABEL_LAYOUTS['50x25']).toMatchObject({ perPage: 1, widthMm: 50, heightMm: 25, codeUnderQr: false });
    expect(LABEL_LAYOUTS['100x50']).toMatchObject({ perPage: 1, widthMm: 100, heightMm: 50, codeUnderQr: true });
    const labels = Array.from({ length: 30 }, (_, i) => i);
    expect(pagesOf(labels, LABEL_LAYOUTS['50x25'].perPage)).toHaveLength(30);
    expect(pagesOf(labels, LABEL_LAYOUTS.a4.perPage)).toHaveLength(2);
  });

  it('says how the labels print', () => {
    expect(sheetSummary(30, LABEL_LAYOUTS.a4)).toBe('30 labels on 2 A4 pages (3 × 8 labels a page).');
    expect(sheetSummary(1, LABEL_LAYOUTS.a4)).toBe('1 label on 1 A4 page (3 × 8 labels a page).');
    expect(sheetSummary(1200, LABEL_LAYOUTS['50x25'])).toMatch(/^1,200 single labels of 50 × 25 mm, one a page\./);
  });

  it('draws as many labels between two breaks whatever the size', () => {
    expect(pagesPerChunk(24)).toBe(2);
    expect(pagesPerChunk(1)).toBe(48);
    expect(pagesPerChunk(0)).toBe(48);
  });
});
