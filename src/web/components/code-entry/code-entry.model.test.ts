import { describe, expect, it } from 'vitest';
import { stoveCode } from '@common/stove-codes';
import {
  addCodes,
  addNotice,
  countText,
  decodeText,
  fileColumns,
  isWarning,
  moreText,
  notTextProblem,
  pastedCodes,
  rangeCodes,
  removeCode,
  scannedCodes,
  visibleCodes,
} from './code-entry.model';

const A = stoveCode('STV', 1234, 7);
const B = stoveCode('STV', 1235, 7);
const C = stoveCode('STV', 1236, 7);

describe('adding codes', () => {
  it('normalizes, appends in order and ignores codes already in the list', () => {
    const result = addCodes([A], [` ${B.toLowerCase()} `, A, C, B]);
    expect(result.codes).toEqual([A, B, C]);
    expect(result.added).toEqual([B, C]);
    expect(result.duplicates).toEqual([A, B]);
    expect(result.refused).toEqual([]);
  });

  it('skips blanks and refuses what exceeds the limit or is too long to be a code', () => {
    const result = addCodes([A], ['', B, 'X'.repeat(101), C], { max: 2 });
    expect(result.codes).toEqual([A, B]);
    expect(result.refused).toEqual(['X'.repeat(101), C]);
  });

  it('does not change the list it was given', () => {
    const current = [A];
    addCodes(current, [B]);
    expect(current).toEqual([A]);
  });

  it('keeps codes of any shape so the server can give their verdict', () => {
    expect(addCodes([], ['not-a-code!']).added).toEqual(['NOT-A-CODE!']);
  });

  it('stays fast with thousands of codes', () => {
    const many = Array.from({ length: 20_000 }, (_, i) => stoveCode('STV', i, 7));
    const started = performance.now();
    const result = addCodes(many.slice(0, 10_000), many);
    expect(result.added).toHaveLength(10_000);
    expect(result.duplicates).toHaveLength(10_000);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('notices', () => {
  it('names one duplicate the way the scan field shows it', () => {
    expect(addNotice(addCodes([A], [A]))).toBe(`${A} is already in the list`);
  });

  it('confirms one scan', () => {
    expect(addNotice(addCodes([], [A]))).toBe(`Added ${A}.`);
  });

  it('summarises a paste with duplicates', () => {
    expect(addNotice(addCodes([A], [A, B, C]))).toBe(`Added 2 stove IDs. ${A} is already in the list.`);
    expect(addNotice(addCodes([A, B], [A, B, C]))).toBe('Added 1 stove ID. 2 already in the list were ignored.');
    expect(addNotice(addCodes([A, B], [A, B]))).toBe('Nothing added. 2 already in the list were ignored.');
  });

  it('explains refused codes', () => {
    expect(addNotice(addCodes([A], [B], { max: 1 }), { max: 1 })).toBe(
      'Nothing added. The list holds at most 1 stove IDs.',
    );
    expect(addNotice(addCodes([], ['X'.repeat(101)]))).toBe('Nothing added. 1 entry is too long to be a stove ID.');
  });

  it('is empty when nothing was given, and a warning when something was ignored', () => {
    expect(addNotice(addCodes([], []))).toBe('');
  });

  it('says repeats will be reported where the list keeps them (Validate), not that they were ignored', () => {
    const kept = { repeatsKept: true };
    expect(addNotice(addCodes([A], [A]), kept)).toBe(`${A} is a repeat: it will be reported as a duplicate.`);
    expect(addNotice(addCodes([A, B], [A, B, C]), kept)).toBe(
      'Added 1 stove ID. 2 repeats will be reported as duplicates.',
    );
    expect(isWarning(addCodes([A], [A]))).toBe(true);
    expect(isWarning(addCodes([], [A]))).toBe(false);
  });
});

describe('sources', () => {
  it('splits a scan and a paste on whitespace, commas and semicolons', () => {
    expect(scannedCodes(` ${A.toLowerCase()}\n`)).toEqual([A]);
    expect(pastedCodes(`${A}\n${B}, ${C};\t${A}`)).toEqual([A, B, C, A]);
  });

  it('expands a range with check digits, or explains why not', () => {
    expect(rangeCodes(A, C)).toEqual({ codes: [A, B, C] });
    expect(rangeCodes('', C)).toEqual({ error: 'Enter the first and the last code of the range' });
    expect(rangeCodes(C, A)).toEqual({ error: 'The range ends before it starts' });
    expect(rangeCodes(A, C, 2)).toHaveProperty('error');
  });

  it('reads the codes of a one-column file, skipping a header line that is not a code', () => {
    const codesOf = (text: string) => {
      const { columns, best } = fileColumns(text);
      return columns[best]?.codes ?? [];
    };
    expect(codesOf(`\uFEFFStove ID\r\n${A}\r\n"${B}"\r\n\r\n${C}\r\n`)).toEqual([A, B, C]);
    expect(codesOf(`${A}\n${B}\n`)).toEqual([A, B]);
    expect(codesOf(`'${A.toLowerCase()}'\n`)).toEqual([A]);
    expect(fileColumns('')).toEqual({ columns: [], best: 0 });
    // A later line that is not a code is kept: the server says why it is refused.
    expect(codesOf(`${A}\nbad code\n`)).toEqual([A, 'BAD CODE']);
  });

  it('gives each column of a CSV with its header, and picks the one that holds the codes', () => {
    expect(fileColumns(`Factory;Stove ID;Note\nNBO;${A};ok\nNBO;${B};\n`)).toEqual({
      columns: [
        { label: 'Factory', codes: ['NBO', 'NBO'] },
        { label: 'Stove ID', codes: [A, B] },
        { label: 'Note', codes: ['OK'] },
      ],
      best: 1,
    });
    // Without a header: numbered columns; tab-separated after blank lines.
    expect(fileColumns(`\n\n1\t${A.toLowerCase()}\n2\t${B}\n`)).toEqual({
      columns: [
        { label: 'Column 1', codes: ['1', '2'] },
        { label: 'Column 2', codes: [A, B] },
      ],
      best: 1,
    });
  });
});

describe('files that are not lists of codes', () => {
  const bytes = (...b: number[]) => new Uint8Array(b);
  const text = (t: string) => new TextEncoder().encode(t);

  it('refuses images, documents and workbooks by their bytes, whatever their name', () => {
    expect(notTextProblem('ids.csv', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe(
      'ids.csv is a PNG image, not a list of stove IDs: save the list as CSV or plain text and choose that file.',
    );
    expect(notTextProblem('scan.jpg', bytes(0xff, 0xd8, 0xff, 0xe0))).toContain('a JPEG photo');
    expect(notTextProblem('list.xlsx', bytes(0x50, 0x4b, 0x03, 0x04))).toContain('an Excel workbook');
    expect(notTextProblem('list.pdf', text('%PDF-1.7'))).toContain('a PDF document');
    expect(notTextProblem('x.webp', text('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '))).toContain('a WebP image');
  });

  it('refuses bytes no text holds: a NUL, or many control characters', () => {
    expect(notTextProblem('a.bin', bytes(0x41, 0x00, 0x42))).toBe(
      'a.bin is not a text file: save the list as CSV or plain text and choose that file.',
    );
    expect(
      notTextProblem('b.bin', bytes(...Array.from({ length: 100 }, (_, i) => (i % 10 === 0 ? 0x01 : 0x41)))),
    ).toContain('is not a text file');
  });

  it('takes text in UTF-8, UTF-16 with its mark, and Windows-1252', () => {
    expect(notTextProblem('a.csv', text(`Stove ID\r\n${A}\tok\r\n`))).toBeNull();
    const utf16 = new Uint8Array([0xff, 0xfe, ...Array.from(`${A}\n`).flatMap((c) => [c.charCodeAt(0), 0])]);
    expect(notTextProblem('a.txt', utf16)).toBeNull();
    expect(decodeText(utf16)).toBe(`${A}\n`);
    expect(decodeText(text('Café'))).toBe('Café');
    expect(decodeText(bytes(0x43, 0x61, 0x66, 0xe9))).toBe('Café');
  });
});

describe('the list', () => {
  it('removes one code', () => {
    expect(removeCode([A, B, C], B)).toEqual([A, C]);
  });

  it('renders the newest first, capped, with the rest counted', () => {
    const many = Array.from({ length: 5_000 }, (_, i) => stoveCode('STV', i, 7));
    const view = visibleCodes(many);
    expect(view.shown).toHaveLength(200);
    expect(view.shown[0]).toBe(many[4_999]);
    expect(view.hidden).toBe(4_800);
    expect(moreText(view.hidden)).toBe('and 4,800 more');
  });

  it('narrows by a search text', () => {
    expect(visibleCodes([A, B, C], stoveCode('STV', 1235, 7).slice(-4).toLowerCase())).toEqual({
      shown: [B],
      matching: 1,
      hidden: 0,
    });
    expect(visibleCodes([A, B], 'nothing')).toEqual({ shown: [], matching: 0, hidden: 0 });
  });

  it('counts', () => {
    expect(countText(1)).toBe('1 stove ID');
    expect(countText(5_000)).toBe('5,000 stove IDs');
  });
});
