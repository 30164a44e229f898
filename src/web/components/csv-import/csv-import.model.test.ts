import { describe, expect, it } from 'vitest';
import type { CsvImportResult } from '@common/contracts/list';
import {
  errorFieldLabel,
  importButtonLabel,
  importSummaryText,
  invalidRowCount,
  previewColumns,
  previewSummaryText,
} from './csv-import.model';

function result(partial: Partial<CsvImportResult>): CsvImportResult {
  return { dryRun: true, totalRows: 0, validRows: 0, imported: 0, errors: [], columns: [], preview: [], ...partial };
}

describe('CSV import texts', () => {
  it('summarises a preview', () => {
    expect(previewSummaryText(result({ totalRows: 12, validRows: 11 }))).toBe(
      '12 rows checked: 11 valid, 1 with errors.',
    );
    expect(previewSummaryText(result({ totalRows: 1, validRows: 1 }))).toBe('1 row checked: 1 valid, 0 with errors.');
    expect(previewSummaryText(result({}))).toBe('The file has no data rows.');
  });

  it('names the import button after the valid rows', () => {
    expect(importButtonLabel(result({ totalRows: 3, validRows: 2 }))).toBe('Import 2 valid rows');
    expect(importButtonLabel(result({ totalRows: 1, validRows: 1 }))).toBe('Import 1 valid row');
    expect(importButtonLabel(result({ totalRows: 2000, validRows: 1500 }))).toBe('Import 1,500 valid rows');
  });

  it('summarises an import with and without skipped rows', () => {
    expect(importSummaryText(result({ dryRun: false, totalRows: 12, validRows: 11, imported: 11 }))).toBe(
      'Imported 11 rows; 1 row skipped.',
    );
    expect(importSummaryText(result({ dryRun: false, totalRows: 5, validRows: 3, imported: 3 }))).toBe(
      'Imported 3 rows; 2 rows skipped.',
    );
    expect(importSummaryText(result({ dryRun: false, totalRows: 1, validRows: 1, imported: 1 }))).toBe(
      'Imported 1 row.',
    );
  });

  it("labels the preview's columns and the errors' fields with the server's headers, not the code names", () => {
    const columns = [
      { field: 'name', header: 'Name' },
      { field: 'contactPerson', header: 'Contact person' },
      { field: 'defaultSalesCategory', header: 'Default sales category' },
    ];
    const checked = result({
      totalRows: 1,
      validRows: 1,
      columns,
      preview: [{ name: 'Alpha', contactPerson: 'Ann', defaultSalesCategory: 'RET' }],
    });
    expect(previewColumns(checked).map((c) => c.header)).toEqual(['Name', 'Contact person', 'Default sales category']);
    expect(previewColumns(result({ columns }))).toEqual([]);
    expect(errorFieldLabel(checked, 'defaultSalesCategory')).toBe('Default sales category');
    expect(errorFieldLabel(checked, 'contactPerson')).toBe('Contact person');
    expect(errorFieldLabel(checked, null)).toBe('—');
  });

  it('never counts fewer than zero invalid rows', () => {
    expect(invalidRowCount(result({ totalRows: 1, validRows: 2 }))).toBe(0);
  });
});
