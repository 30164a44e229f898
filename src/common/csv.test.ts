import { describe, expect, it } from 'vitest';
import { csvField, csvLine, guessCsvDelimiter, parseCsv } from './csv';

describe('parseCsv', () => {
  it('reads CRLF and LF lines and numbers them from 1', () => {
    expect(parseCsv('a,b\r\n1,2\n3,4')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['1', '2'] },
      { line: 3, fields: ['3', '4'] },
    ]);
  });

  it('drops a leading BOM', () => {
    expect(parseCsv('\uFEFFName\r\nX\r\n')).toEqual([
      { line: 1, fields: ['Name'] },
      { line: 2, fields: ['X'] },
    ]);
  });

  it('reads quoted fields with commas, escaped quotes and empty strings', () => {
    expect(parseCsv('"a, b","say ""hi""","",x')).toEqual([{ line: 1, fields: ['a, b', 'say "hi"', '', 'x'] }]);
  });

  it('skips blank lines (and lines of only commas/spaces) but keeps counting them', () => {
    expect(parseCsv('h\n\n , \nv\n\n')).toEqual([
      { line: 1, fields: ['h'] },
      { line: 4, fields: ['v'] },
    ]);
  });

  it('a multi-line quoted field keeps its newlines; the record has the line it starts on, and the next record counts them', () => {
    const records = parseCsv('h1,h2\r\n"one\r\ntwo\r\nthree",x\r\nnext,y\r\n"a\nb",z');
    expect(records).toEqual([
      { line: 1, fields: ['h1', 'h2'] },
      { line: 2, fields: ['one\r\ntwo\r\nthree', 'x'] },
      { line: 5, fields: ['next', 'y'] },
      { line: 6, fields: ['a\nb', 'z'] },
    ]);
  });

  it('keeps empty trailing fields and a last line without a line end', () => {
    expect(parseCsv('a,b,\n1,,')).toEqual([
      { line: 1, fields: ['a', 'b', ''] },
      { line: 2, fields: ['1', '', ''] },
    ]);
  });

  it('an empty text has no records', () => {
    expect(parseCsv('')).toEqual([]);
    expect(parseCsv('\uFEFF')).toEqual([]);
  });

  it('reads back what csvLine writes', () => {
    const values = ['plain', 'a, b', 'say "hi"', 'two\r\nlines', ''];
    expect(parseCsv(csvLine(values) + csvLine(values)).map((r) => r.fields)).toEqual([values, values]);
  });
});

describe('parseCsv with another delimiter, and guessCsvDelimiter', () => {
  it('reads semicolon- and tab-separated files', () => {
    expect(parseCsv('a;"b;c"\n1;2', ';')).toEqual([
      { line: 1, fields: ['a', 'b;c'] },
      { line: 2, fields: ['1', '2'] },
    ]);
    expect(parseCsv('a\tb', '\t')).toEqual([{ line: 1, fields: ['a', 'b'] }]);
  });

  it("takes the first line's most frequent of , ; and tab, ignoring quoted text", () => {
    expect(guessCsvDelimiter('Stove ID;Factory;"Note, long"\nSTV1;NBO;x')).toBe(';');
    expect(guessCsvDelimiter('Stove ID\tFactory\n')).toBe('\t');
    expect(guessCsvDelimiter('code,factory')).toBe(',');
    expect(guessCsvDelimiter('STV00012347')).toBe(',');
    expect(guessCsvDelimiter('\n\nSTV1\t1\n')).toBe('\t');
  });
});

describe('csvField / csvLine', () => {
  it.each([
    ['plain', 'plain'],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\r\nlf', '"cr\r\nlf"'],
    ['', ''],
  ])('quotes %j as %j (RFC 4180)', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it.each([
    ['=1+1', "'=1+1"],
    ['+254 700 000 000', "'+254 700 000 000"],
    ['-5', "'-5"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['=HYPERLINK("http://x", "y")', `"'=HYPERLINK(""http://x"", ""y"")"`],
  ])('neutralises the formula %j as %j', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it('leaves numbers, booleans and dates alone; null and undefined are empty', () => {
    expect(csvField(-5)).toBe('-5');
    expect(csvField(3.5)).toBe('3.5');
    expect(csvField(true)).toBe('true');
    expect(csvField(new Date('2026-01-02T03:04:05.000Z'))).toBe('2026-01-02T03:04:05.000Z');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
  });

  it('csvLine joins fields with commas and ends with CRLF', () => {
    expect(csvLine(['a', 'b,c', null, 1])).toBe('a,"b,c",,1\r\n');
  });
});
