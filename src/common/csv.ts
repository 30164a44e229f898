/** CSV: the server's exports write it, its imports and the browser's ID-list files read it. */

/** One CSV field: RFC 4180 quoting; a leading = + - @ is neutralised so spreadsheets do not run it. */
export function csvField(value: string | number | boolean | Date | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: (string | number | boolean | Date | null | undefined)[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/** One parsed CSV record and the (1-based) line it starts on. */
export interface CsvRecord {
  line: number;
  fields: string[];
}

/**
 * Parses CSV text (RFC 4180: quotes, escaped quotes, CRLF or LF, a BOM); blank lines are skipped.
 * `delimiter`: ',' by default; spreadsheets in some locales save ';', and tab-separated text '\t'.
 */
export function parseCsv(text: string, delimiter: ',' | ';' | '\t' = ','): CsvRecord[] {
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  const input = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const endRecord = () => {
    fields.push(field);
    if (fields.some((f) => f.trim() !== '')) records.push({ line: recordLine, fields });
    fields = [];
    field = '';
  };
  for (let i = 0; i < input.length; i++) {
    const c = input[i];
    if (quoted) {
      if (c === '"') {
        if (input[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (c === '\n') line++;
        field += c;
      }
    } else if (c === '"' && field === '') quoted = true;
    else if (c === delimiter) {
      fields.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && input[i + 1] === '\n') i++;
      endRecord();
      line++;
      recordLine = line;
    } else field += c;
  }
  if (field !== '' || fields.length > 0) endRecord();
  return records;
}

/** The delimiter of a CSV file: the one of , ; and tab found most often in its first non-blank line (',' when none). */
export function guessCsvDelimiter(text: string): ',' | ';' | '\t' {
  const first = (text.split(/\r\n|\n|\r/).find((line) => line.trim() !== '') ?? '').replace(/"[^"]*"/g, '');
  const count = (d: string) => first.split(d).length - 1;
  const candidates = [',', ';', '\t'] as const;
  return candidates.reduce((best, d) => (count(d) > count(best) ? d : best), candidates[0]);
}
