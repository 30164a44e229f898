import { describe, expect, it } from 'vitest';
import {
  LABELS_PER_PAGE,
  LABELS_PER_PART,
  SELECTION_LABELS_MAX,
  labelParts,
  labelSheetHref,
  mapInChunks,
  pagesOf,
  qrShape,
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

describe('qrShape', () => {
  it('draws each run of dark modules in a row as one rectangle, inside the quiet zone', () => {
    // 3 x 3: a full top row, a single centre module, nothing at the bottom.
    const dark = [
      [1, 1, 1],
      [0, 1, 0],
      [0, 0, 0],
    ];
    expect(qrShape(3, (r, c) => dark[r]?.[c] === 1, 2)).toEqual({ side: 7, path: 'M2 2h3v1h-3zM3 3h1v1h-1z' });
    expect(qrShape(2, () => false, 0)).toEqual({ side: 2, path: '' });
  });
});
