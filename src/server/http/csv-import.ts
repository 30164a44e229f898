/**
 * The server half of the CSV import flow (src/common/contracts/list.ts): parse, map the header
 * to fields, validate every row with the area's zod schema, and report row-level errors.
 */
import { counted, plural } from '../../common/counted';
import type { z } from 'zod';
import type { CsvRowError } from '../../common/contracts/list';
import { errors } from './errors';
import { parseCsv } from '../../common/csv';

export interface CsvImportColumn<Field extends string> {
  header: string;
  field: Field;
}

export interface ValidatedCsv<T> {
  rows: { line: number; value: T }[];
  errors: CsvRowError[];
  totalRows: number;
}

/** Undoes csvField's formula neutralisation ('=… → =…), so an export imports back unchanged. */
const unneutralise = (s: string) => (/^'[=+\-@]/.test(s) ? s.slice(1) : s);

const normalize = (s: string) =>
  s
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');

/**
 * Header cells match a column's header or field name, ignoring case, spaces, dashes and
 * underscores; unknown headers are an error, missing columns are empty.
 */
export function validateCsv<Field extends string, S extends z.ZodType>(
  text: string,
  columns: readonly CsvImportColumn<Field>[],
  schema: S,
  maxRows = 100_000,
): ValidatedCsv<z.output<S>> {
  const records = parseCsv(text);
  const [header, ...body] = records;
  if (!header) throw errors.validation('The CSV has no header line.', { csv: ['The CSV has no header line.'] });
  if (body.length > maxRows) {
    throw errors.validation(`The CSV has ${body.length} rows; at most ${maxRows} can be imported at once.`, {
      csv: [`At most ${maxRows} rows.`],
    });
  }
  const fieldAt: (Field | null)[] = header.fields.map((cell) => {
    const key = normalize(cell);
    return columns.find((c) => normalize(c.header) === key || normalize(c.field) === key)?.field ?? null;
  });
  const unknown = header.fields.filter((_, i) => fieldAt[i] === null && header.fields[i]?.trim());
  if (unknown.length > 0) {
    const expected = columns.map((c) => c.header).join(', ');
    throw errors.validation(
      `Unknown ${plural(unknown.length, 'column', 'columns')}: ${unknown.join(', ')}. Expected: ${expected}.`,
      {
        csv: [`Unknown columns: ${unknown.join(', ')}`],
      },
    );
  }

  const rows: ValidatedCsv<z.output<S>>['rows'] = [];
  const rowErrors: CsvRowError[] = [];
  for (const record of body) {
    const raw: Partial<Record<Field, string>> = {};
    fieldAt.forEach((field, i) => {
      if (field) raw[field] = unneutralise(record.fields[i]?.trim() ?? '');
    });
    if (record.fields.length > header.fields.length) {
      rowErrors.push({
        line: record.line,
        field: null,
        message: `This row has ${record.fields.length} values; the header has ${header.fields.length}.`,
      });
      continue;
    }
    const parsed = schema.safeParse(raw);
    if (parsed.success) rows.push({ line: record.line, value: parsed.data });
    else {
      for (const issue of parsed.error.issues) {
        rowErrors.push({ line: record.line, field: issue.path.map(String).join('.') || null, message: issue.message });
      }
    }
  }
  return { rows, errors: rowErrors, totalRows: body.length };
}

/**
 * The all-or-nothing rule of an import about to be written: refused (400, nothing written) when
 * any row has errors, counting the rows with errors and naming the first 20 in `details.csv`, or
 * when there is no row to import.
 */
export function refuseFaultyImport(rowErrors: readonly CsvRowError[], totalRows: number, ready: number): void {
  const bad = new Set(rowErrors.map((e) => e.line)).size;
  if (bad > 0)
    throw errors.validation(
      `Nothing was imported: ${counted(bad, 'row')} of ${counted(totalRows, 'row')} ${bad === 1 ? 'has' : 'have'} errors. Check the file again to see them.`,
      { csv: rowErrors.slice(0, 20).map((e) => `Line ${e.line}: ${e.message}`) },
    );
  if (ready === 0) throw errors.validation('The file has no rows to import.', { csv: ['The file has no data rows.'] });
}
