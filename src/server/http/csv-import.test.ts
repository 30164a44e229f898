/** validateCsv: header matching, row validation with line numbers, the limits. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validateCsv } from './csv-import';
import { AppError } from './errors';
import { csvLine } from '../../common/csv';

const columns = [
  { header: 'Name', field: 'name' },
  { header: 'Contact person', field: 'contactPerson' },
  { header: 'Quantity', field: 'quantity' },
] as const;
const schema = z.object({
  name: z.string().min(1, 'Name is required'),
  contactPerson: z.string().optional(),
  quantity: z.coerce.number().int('Quantity must be a whole number').default(1),
});

function thrown(fn: () => unknown): AppError {
  try {
    fn();
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('did not throw');
}

describe('validateCsv', () => {
  it('maps headers by label or field name, ignoring case, spaces, dashes and underscores, in any order', () => {
    const result = validateCsv('QUANTITY, contact_person ,name\n3,Ann,Bolt\n', columns, schema);
    expect(result).toEqual({
      rows: [{ line: 2, value: { name: 'Bolt', contactPerson: 'Ann', quantity: 3 } }],
      errors: [],
      totalRows: 1,
    });
    expect(validateCsv('Contact-Person,Name\nAnn,X', columns, schema).rows[0]?.value).toMatchObject({
      contactPerson: 'Ann',
    });
  });

  it('missing columns are absent (defaults apply); values are trimmed', () => {
    expect(validateCsv('Name\n  Nut  ', columns, schema).rows).toEqual([
      { line: 2, value: { name: 'Nut', quantity: 1 } },
    ]);
  });

  it('reports each bad row with its line (counting multi-line fields and blank lines), field and message', () => {
    const csv = 'Name,Contact person,Quantity\n"A","multi\nline",1\n,Bob,2\n\nC,,x\nD,,4,extra\n';
    const result = validateCsv(csv, columns, schema);
    expect(result.totalRows).toBe(4);
    expect(result.rows.map((r) => [r.line, r.value.name])).toEqual([[2, 'A']]);
    expect(result.errors).toEqual([
      { line: 4, field: 'name', message: 'Name is required' },
      { line: 6, field: 'quantity', message: expect.any(String) as string },
      { line: 7, field: null, message: 'This row has 4 values; the header has 3.' },
    ]);
  });

  it("undoes the export's formula neutralisation", () => {
    const csv = csvLine(['Name', 'Contact person']) + csvLine(['=Plant', '+254 700']);
    expect(validateCsv(csv, columns, schema).rows[0]?.value).toMatchObject({
      name: '=Plant',
      contactPerson: '+254 700',
    });
    expect(validateCsv("Name\n'plain", columns, schema).rows[0]?.value.name).toBe("'plain");
  });

  it('an unknown header is a 400 naming it and the expected headers', () => {
    const error = thrown(() => validateCsv('Name,Colour,Size\nA,red,L', columns, schema));
    expect(error.statusCode).toBe(400);
    expect(error.message).toBe('Unknown columns: Colour, Size. Expected: Name, Contact person, Quantity.');
    expect(error.details).toEqual({ fieldErrors: { csv: ['Unknown columns: Colour, Size'] } });
  });

  it('an empty header cell is ignored, not unknown', () => {
    expect(validateCsv('Name,\nA,ignored', columns, schema).rows).toHaveLength(1);
  });

  it('no header line is a 400', () => {
    expect(thrown(() => validateCsv('\n\n', columns, schema)).message).toBe('The CSV has no header line.');
  });

  it('a header without rows is valid and empty', () => {
    expect(validateCsv('Name\n', columns, schema)).toEqual({ rows: [], errors: [], totalRows: 0 });
  });

  it('more rows than maxRows is a 400', () => {
    const error = thrown(() => validateCsv('Name\nA\nB\nC', columns, schema, 2));
    expect(error.statusCode).toBe(400);
    expect(error.message).toBe('The CSV has 3 rows; at most 2 can be imported at once.');
  });
});
