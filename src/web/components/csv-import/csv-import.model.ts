/** The words of the CSV import flow (preview, its column labels, import button, summary). */
import { counted, plural } from '@common/counted';
import type { CsvImportResult } from '@common/contracts/list';

function rows(n: number): string {
  return counted(n, 'row');
}

/** Rows that will not be imported. */
export function invalidRowCount(result: CsvImportResult): number {
  return Math.max(0, result.totalRows - result.validRows);
}

/** The preview table's columns, labelled as the server names them (the CSV headers); none without rows. */
export function previewColumns(result: CsvImportResult): CsvImportResult['columns'] {
  return result.preview.length > 0 ? result.columns : [];
}

/** A row error's field as a person reads it: its column's label ("Contact person"); "—" for the whole row. */
export function errorFieldLabel(result: CsvImportResult, field: string | null): string {
  if (field === null) return '—';
  return result.columns.find((c) => c.field === field)?.header ?? field;
}

/** "12 rows checked: 11 valid, 1 with errors." */
export function previewSummaryText(result: CsvImportResult): string {
  const invalid = invalidRowCount(result);
  if (result.totalRows === 0) return 'The file has no data rows.';
  return `${rows(result.totalRows)} checked: ${result.validRows.toLocaleString('en-US')} valid, ${invalid.toLocaleString('en-US')} with errors.`;
}

/** "Import 11 valid rows". */
export function importButtonLabel(result: CsvImportResult): string {
  return `Import ${result.validRows.toLocaleString('en-US')} valid ${plural(result.validRows, 'row', 'rows')}`;
}

/** "Imported 11 rows; 1 row skipped." (no "skipped" part when none was). */
export function importSummaryText(result: CsvImportResult): string {
  const skipped = invalidRowCount(result);
  const imported = `Imported ${rows(result.imported)}`;
  return skipped > 0 ? `${imported}; ${rows(skipped)} skipped.` : `${imported}.`;
}
