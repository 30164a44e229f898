/**
 * The streaming XLSX writer: cell text escaped and stripped of what XML cannot hold, numbers and
 * booleans typed, and a ZIP whose every file reads back with its CRC (the sales record's export
 * test reads a whole workbook through HTTP: modules/carbon/sales-record.test.ts).
 */
import { crc32, inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { xlsxRow, xmlText, zipStream } from './xlsx';

describe('cells', () => {
  it('escapes markup and drops characters XML 1.0 cannot hold', () => {
    expect(xmlText('Mama <Njeri> & "sons"')).toBe('Mama &lt;Njeri&gt; &amp; &quot;sons&quot;');
    expect(xmlText('a\u0000b\u0008c\td\ne\uFFFEf')).toBe('abc\td\nef');
    expect(xmlText('lone \uD800 surrogate, pair \uD83D\uDD25')).toBe('lone  surrogate, pair \uD83D\uDD25');
  });

  it('writes numbers as numbers, text inline, empty as an empty cell, the header bold', () => {
    expect(xlsxRow(['STV1', -0.1022, true, null, ''])).toBe(
      '<row><c t="inlineStr"><is><t xml:space="preserve">STV1</t></is></c><c><v>-0.1022</v></c>' +
        '<c t="b"><v>1</v></c><c/><c/></row>',
    );
    expect(xlsxRow(['Stove ID'], true)).toBe(
      '<row><c s="1" t="inlineStr"><is><t xml:space="preserve">Stove ID</t></is></c></row>',
    );
  });
});

describe('the ZIP stream', () => {
  it('holds each file deflated with its CRC and sizes in the central directory', async () => {
    async function* files() {
      yield { name: 'a.txt', chunks: ['hello ', 'world'] };
      async function* big() {
        for (let i = 0; i < 1000; i++) yield `row ${i}\n`;
      }
      yield { name: 'dir/b.xml', chunks: big() };
    }
    const parts: Buffer[] = [];
    for await (const part of zipStream(files())) parts.push(part);
    const zip = Buffer.concat(parts);
    const end = zip.length - 22;
    expect(zip.readUInt32LE(end)).toBe(0x06054b50);
    expect(zip.readUInt16LE(end + 10)).toBe(2);
    let at = zip.readUInt32LE(end + 16);
    const read: Record<string, string> = {};
    for (let i = 0; i < 2; i++) {
      const nameLength = zip.readUInt16LE(at + 28);
      const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
      const local = zip.readUInt32LE(at + 42);
      const start = local + 30 + zip.readUInt16LE(local + 26);
      const data = inflateRawSync(zip.subarray(start, start + zip.readUInt32LE(at + 20)));
      expect(data.length).toBe(zip.readUInt32LE(at + 24));
      expect(crc32(data)).toBe(zip.readUInt32LE(at + 16));
      read[name] = data.toString('utf8');
      at += 46 + nameLength;
    }
    expect(read['a.txt']).toBe('hello world');
    expect(read['dir/b.xml']?.split('\n')).toHaveLength(1001);
  });
});
