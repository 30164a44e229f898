/**
 * XLSX exports, streamed: a workbook of one sheet written row by row as its pages come from the
 * database, zipped on the way out (deflate, with a data descriptor after each file, so nothing is
 * held but the page being written). The cells are inline strings and numbers; the first row (the
 * headers) is bold and frozen. A sheet holds at most 1,048,576 rows (Excel's limit) and the ZIP's
 * files 4 GB each (no ZIP64): far beyond a million rows of a record. Why not exceljs: decision 0015.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants, crc32, createDeflateRaw } from 'node:zlib';
import type { FastifyReply } from 'fastify';

export type XlsxValue = string | number | boolean | null | undefined;

export interface XlsxColumn<Row> {
  header: string;
  value: (row: Row) => XlsxValue;
  /** Width in characters (default 14). */
  width?: number;
}

/** Excel's last row. */
export const XLSX_ROWS_MAX = 1_048_576;
const ZIP_LIMIT = 0xffffffff;

// Characters XML 1.0 does not allow (control characters but tab and line breaks; lone surrogates).
const INVALID_XML =
  // oxlint-disable-next-line no-control-regex -- control characters are what is removed
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Anything xmlText changes: most cells hold none, and are written as they are. */
// oxlint-disable-next-line no-control-regex -- control characters are what is removed
const NEEDS_WORK = /[&<>"\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;

export function xmlText(text: string): string {
  if (!NEEDS_WORK.test(text)) return text;
  return text
    .replace(INVALID_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

function cell(value: XlsxValue, style = ''): string {
  if (value === null || value === undefined || value === '') return '<c/>';
  if (typeof value === 'number' && Number.isFinite(value)) return `<c${style}><v>${value}</v></c>`;
  if (typeof value === 'boolean') return `<c${style} t="b"><v>${value ? 1 : 0}</v></c>`;
  return `<c${style} t="inlineStr"><is><t xml:space="preserve">${xmlText(String(value))}</t></is></c>`;
}

export function xlsxRow(values: readonly XlsxValue[], bold = false): string {
  const style = bold ? ' s="1"' : '';
  return `<row>${values.map((v) => cell(v, style)).join('')}</row>`;
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

function fixedParts(sheetName: string): { name: string; text: string }[] {
  return [
    {
      name: '[Content_Types].xml',
      text:
        `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
        '</Types>',
    },
    {
      name: '_rels/.rels',
      text:
        `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        `<Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      text:
        `${XML}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets>` +
        `<sheet name="${xmlText(sheetName.slice(0, 31))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      text:
        `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        `<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
    },
    {
      name: 'xl/styles.xml',
      text:
        `${XML}<styleSheet xmlns="${MAIN}">` +
        '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
        '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
        '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
        '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
        '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
        '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>' +
        '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
        '</styleSheet>',
    },
  ];
}

interface ZipEntry {
  name: Buffer;
  crc: number;
  size: number;
  compressed: number;
  offset: number;
}

/** DOS time and date of `now` (the ZIP's file times). */
function dosStamp(now: Date): { time: number; date: number } {
  return {
    time: (now.getHours() << 11) | (now.getMinutes() << 5) | Math.floor(now.getSeconds() / 2),
    date: ((now.getFullYear() - 1980) << 9) | ((now.getMonth() + 1) << 5) | now.getDate(),
  };
}

/**
 * A ZIP archive of `files`, each deflated as its text arrives: a local header, the data, then a
 * data descriptor with its CRC and sizes; the central directory at the end.
 */
export async function* zipStream(
  files: AsyncIterable<{ name: string; chunks: AsyncIterable<string> | Iterable<string> }>,
  now = new Date(),
): AsyncGenerator<Buffer> {
  const stamp = dosStamp(now);
  const entries: ZipEntry[] = [];
  let offset = 0;
  for await (const file of files) {
    const name = Buffer.from(file.name, 'utf8');
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(0x0808, 6); // data descriptor follows; UTF-8 names
    header.writeUInt16LE(8, 8); // deflate
    header.writeUInt16LE(stamp.time, 10);
    header.writeUInt16LE(stamp.date, 12);
    header.writeUInt16LE(name.length, 26);
    const entry: ZipEntry = { name, crc: 0, size: 0, compressed: 0, offset };
    yield Buffer.concat([header, name]);
    offset += header.length + name.length;

    const source = file.chunks;
    async function* counted(): AsyncGenerator<Buffer> {
      for await (const chunk of source) {
        const bytes = Buffer.from(chunk, 'utf8');
        entry.crc = crc32(bytes, entry.crc);
        entry.size += bytes.length;
        yield bytes;
      }
    }
    const deflate = createDeflateRaw({ level: constants.Z_BEST_SPEED });
    const piped = pipeline(Readable.from(counted()), deflate);
    piped.catch(() => undefined);
    for await (const out of deflate as AsyncIterable<Buffer>) {
      entry.compressed += out.length;
      yield out;
    }
    await piped;
    if (entry.size > ZIP_LIMIT || entry.compressed > ZIP_LIMIT)
      throw new Error(`${file.name} is larger than a ZIP file without ZIP64 holds`);
    offset += entry.compressed;
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(entry.crc, 4);
    descriptor.writeUInt32LE(entry.compressed, 8);
    descriptor.writeUInt32LE(entry.size, 12);
    yield descriptor;
    offset += descriptor.length;
    entries.push(entry);
  }
  const start = offset;
  const central: Buffer[] = [];
  for (const e of entries) {
    const h = Buffer.alloc(46);
    h.writeUInt32LE(0x02014b50, 0);
    h.writeUInt16LE(20, 4);
    h.writeUInt16LE(20, 6);
    h.writeUInt16LE(0x0808, 8);
    h.writeUInt16LE(8, 10);
    h.writeUInt16LE(stamp.time, 12);
    h.writeUInt16LE(stamp.date, 14);
    h.writeUInt32LE(e.crc, 16);
    h.writeUInt32LE(e.compressed, 20);
    h.writeUInt32LE(e.size, 24);
    h.writeUInt16LE(e.name.length, 28);
    h.writeUInt32LE(e.offset, 42);
    central.push(h, e.name);
  }
  const directory = Buffer.concat(central);
  if (start > ZIP_LIMIT) throw new Error('The workbook is larger than a ZIP file without ZIP64 holds');
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(start, 16);
  yield Buffer.concat([directory, end]);
}

/**
 * The workbook's files: the fixed parts, then the sheet, whose rows are written page by page
 * (a page's rows joined into one chunk). More rows than a sheet holds fail the export.
 */
export async function* xlsxFiles<Row>(
  sheetName: string,
  columns: readonly XlsxColumn<Row>[],
  pages: AsyncIterable<Row[]>,
): AsyncGenerator<{ name: string; chunks: AsyncIterable<string> | Iterable<string> }> {
  for (const part of fixedParts(sheetName)) yield { name: part.name, chunks: [part.text] };
  async function* sheet(): AsyncGenerator<string> {
    const widths = columns.map(
      (c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width ?? 14}" customWidth="1"/>`,
    );
    yield `${XML}<worksheet xmlns="${MAIN}" xmlns:r="${REL}">` +
      '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
      `<cols>${widths.join('')}</cols><sheetData>` +
      xlsxRow(
        columns.map((c) => c.header),
        true,
      );
    let rows = 1;
    for await (const page of pages) {
      rows += page.length;
      if (rows > XLSX_ROWS_MAX) throw new Error(`More than ${XLSX_ROWS_MAX} rows do not fit in one sheet`);
      yield page.map((row) => xlsxRow(columns.map((c) => c.value(row)))).join('');
    }
    yield '</sheetData></worksheet>';
  }
  yield { name: 'xl/worksheets/sheet1.xml', chunks: sheet() };
}

/**
 * Sends `pages` as an XLSX workbook of one sheet, streamed. As sendCsv, the first page is read
 * before the headers go: a query that fails is an ordinary error answer.
 */
export async function sendXlsx<Row>(
  reply: FastifyReply,
  filename: string,
  sheetName: string,
  columns: readonly XlsxColumn<Row>[],
  pages: AsyncIterable<Row[]>,
): Promise<FastifyReply> {
  const iterator = pages[Symbol.asyncIterator]();
  const first = await iterator.next();
  async function* all(): AsyncGenerator<Row[]> {
    if (first.done) return;
    yield first.value;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(zipStream(xlsxFiles(sheetName, columns, all()))));
}
