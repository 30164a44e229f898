import { describe, expect, it } from 'vitest';
import {
  csvField,
  csvFileName,
  factoryLabel,
  filterItems,
  pageOf,
  passingCodes,
  requestCodes,
  summaryEntries,
  verdictByCode,
  verdictsCsv,
  type VerdictItem,
} from './validation.model';

const items: VerdictItem[] = [
  { code: 'STV00000125', verdict: 'pass', factoryCode: 'NBO' },
  { code: 'STV00000133', verdict: 'in_stock', factoryCode: 'NBO' },
  { code: '=HYPERLINK("x")', verdict: 'malformed', factoryCode: null },
  { code: 'STV00000125', verdict: 'duplicate', factoryCode: 'NBO' },
  { code: 'STV00000141', verdict: 'pass', factoryCode: 'MSA' },
];
const factories = [
  { id: '1', code: 'MSA', name: 'Mombasa Assembly' },
  { id: '2', code: 'NBO', name: 'Nairobi, "Central" Plant' },
];

describe('requestCodes', () => {
  it('sends the list, then the repeats of codes still in it', () => {
    expect(requestCodes(['A1', 'B2'], [])).toEqual(['A1', 'B2']);
    expect(requestCodes(['A1', 'B2'], ['A1', 'C3', 'A1'])).toEqual(['A1', 'B2', 'A1', 'A1']);
  });
});

describe('passingCodes / verdictByCode / summaryEntries / filterItems', () => {
  it('approves only the passing codes (a repeat is not sent twice)', () => {
    expect(passingCodes(items)).toEqual(['STV00000125', 'STV00000141']);
  });
  it('gives each code its first verdict', () => {
    expect(verdictByCode(items).get('STV00000125')).toBe('pass');
  });
  it('lists the verdicts that occur, in the contract order', () => {
    const summary = {
      pass: 2,
      unknown: 0,
      malformed: 1,
      bad_check_digit: 0,
      duplicate: 1,
      wrong_factory: 0,
      in_stock: 1,
      validated: 0,
      sold: 0,
      in_transit: 0,
      void: 0,
    };
    expect(summaryEntries(summary)).toEqual([
      { verdict: 'pass', count: 2 },
      { verdict: 'malformed', count: 1 },
      { verdict: 'duplicate', count: 1 },
      { verdict: 'in_stock', count: 1 },
    ]);
  });
  it('filters by one verdict, or none', () => {
    expect(filterItems(items, null)).toHaveLength(5);
    expect(filterItems(items, 'pass').map((i) => i.code)).toEqual(['STV00000125', 'STV00000141']);
    expect(filterItems(items, 'void')).toEqual([]);
  });
});

describe('pageOf', () => {
  const rows = Array.from({ length: 120 }, (_, i) => i);
  it('slices a page and clamps it to the last one', () => {
    expect(pageOf(rows, 0, 50)).toMatchObject({ page: 0, pages: 3, rows: rows.slice(0, 50) });
    expect(pageOf(rows, 2, 50).rows).toEqual(rows.slice(100));
    expect(pageOf(rows, 9, 50).page).toBe(2);
    expect(pageOf([], 3, 50)).toEqual({ rows: [], page: 0, pages: 1 });
  });
});

describe('CSV', () => {
  it('quotes and neutralises fields like the server exports', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=1+2')).toBe("'=1+2");
    expect(csvField('-5')).toBe("'-5");
    expect(csvField('@x')).toBe("'@x");
    expect(csvField(-5)).toBe('-5');
    expect(csvField(null)).toBe('');
  });

  it('writes one line per verdict with its label, code and factory', () => {
    const csv = verdictsCsv(items, factories);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Line,Stove ID,Verdict,Verdict code,Factory code,Factory',
      '1,STV00000125,Passes (coupled),pass,NBO,"Nairobi, ""Central"" Plant"',
      '2,STV00000133,In stock (not coupled),in_stock,NBO,"Nairobi, ""Central"" Plant"',
      `3,"'=HYPERLINK(""x"")",Not a stove ID,malformed,,`,
      '4,STV00000125,Duplicate in the list,duplicate,NBO,"Nairobi, ""Central"" Plant"',
      '5,STV00000141,Passes (coupled),pass,MSA,Mombasa Assembly',
      '',
    ]);
  });

  it('names the file by date', () => {
    expect(csvFileName(new Date('2026-03-05T10:00:00Z'))).toBe('stove-id-verdicts-2026-03-05.csv');
  });
});

describe('factoryLabel', () => {
  it('labels a factory by code and name', () => {
    expect(factoryLabel('MSA', factories)).toBe('MSA — Mombasa Assembly');
    expect(factoryLabel('XYZ', factories)).toBe('XYZ');
  });
});
