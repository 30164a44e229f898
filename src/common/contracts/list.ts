/**
 * The list convention every area uses (ARCHITECTURE.md convention 8).
 *
 * Request: query parameters
 *   q        free-text search (trimmed; empty = none)
 *   sort     one of the list's sortable columns
 *   dir      'asc' | 'desc'
 *   limit    page size, 1..200 (default 50)
 *   cursor   opaque keyset cursor from the previous page's `nextCursor`
 *   …        the list's own filters (strings; booleans as 'true'/'false')
 * Response: `{ items, nextCursor, total, totalCapped }`: `nextCursor` is null on the last page;
 * `total` counts the filtered rows, up to LIST_TOTAL_CAP (then `totalCapped` is true).
 * Export: the same query parameters (without cursor/limit) on `<list path>/export.csv` stream
 * the whole filtered, sorted list as CSV.
 */
import { z } from 'zod';

export const LIST_PAGE_SIZE_DEFAULT = 50;
export const LIST_PAGE_SIZE_MAX = 200;
/** Counting stops here on huge tables; the UI then says "10,000+". */
export const LIST_TOTAL_CAP = 10_000;

export const sortDirectionSchema = z.enum(['asc', 'desc']);
export type SortDirection = z.infer<typeof sortDirectionSchema>;

/** 'true' / 'false' query values as a boolean filter; absent = no filter. */
export const booleanFilterSchema = z
  .enum(['true', 'false'], { message: "Use 'true' or 'false'" })
  .transform((v) => v === 'true')
  .optional();

/** An optional uuid filter. */
export const uuidFilterSchema = z.string().uuid('Must be a valid id').optional();

interface ListOptions<S extends readonly [string, ...string[]], F extends z.ZodRawShape> {
  sortable: S;
  defaultSort: S[number];
  defaultDir?: SortDirection;
  filters: F;
}

function searchSortShape<const S extends readonly [string, ...string[]], F extends z.ZodRawShape>(
  options: ListOptions<S, F>,
) {
  return {
    q: z
      .string()
      .trim()
      .max(200, 'Search is limited to 200 characters')
      .optional()
      .transform((v) => (v ? v : undefined)),
    sort: z.enum(options.sortable).default(options.defaultSort as never),
    dir: sortDirectionSchema.default(options.defaultDir ?? 'asc'),
    ...options.filters,
  };
}

/**
 * The query schema of one list: search, sort among `sortable`, direction, page size,
 * cursor, plus the list's own filters.
 */
export function listQuerySchema<const S extends readonly [string, ...string[]], F extends z.ZodRawShape>(
  options: ListOptions<S, F>,
) {
  return z.object({
    ...searchSortShape(options),
    limit: z.coerce
      .number()
      .int('Page size must be a whole number')
      .min(1, 'Page size must be at least 1')
      .max(LIST_PAGE_SIZE_MAX, `Page size must be at most ${LIST_PAGE_SIZE_MAX}`)
      .default(LIST_PAGE_SIZE_DEFAULT),
    cursor: z.string().max(2000).optional(),
  });
}

/** The CSV export's query: the same search, sort and filters, without paging. */
export function exportQuerySchema<const S extends readonly [string, ...string[]], F extends z.ZodRawShape>(
  options: ListOptions<S, F>,
) {
  return z.object(searchSortShape(options));
}

export function listResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    nextCursor: z.string().nullable(),
    total: z.number().int(),
    totalCapped: z.boolean(),
  });
}

export interface ListResponse<T> {
  items: T[];
  nextCursor: string | null;
  total: number;
  totalCapped: boolean;
}

/**
 * CSV import of master data: a preview (dry run) lists row-level errors; the import then writes
 * every valid row in one transaction (invalid rows are reported and skipped), or nothing at all
 * when anything fails while writing.
 */
export const csvImportRequestSchema = z.object({
  /** The CSV text (uploaded file read by the browser, or pasted). First line: headers. */
  csv: z.string().min(1, 'The CSV is empty').max(20_000_000, 'The CSV is larger than 20 MB'),
  /** true: check only, change nothing. */
  dryRun: z.boolean().default(true),
});
export type CsvImportRequest = z.input<typeof csvImportRequestSchema>;

export const csvRowErrorSchema = z.object({
  /** 1-based line number in the file, the header being line 1. */
  line: z.number().int(),
  field: z.string().nullable(),
  message: z.string(),
});
export type CsvRowError = z.infer<typeof csvRowErrorSchema>;

export const csvImportResultSchema = z.object({
  dryRun: z.boolean(),
  totalRows: z.number().int(),
  validRows: z.number().int(),
  /** Rows written (0 on a dry run). */
  imported: z.number().int(),
  errors: z.array(csvRowErrorSchema),
  /**
   * The preview's columns in order: the key of each preview row (and of a row error's `field`) and
   * the label a person reads for it, the CSV header (the form's words, e.g. "Contact person").
   */
  columns: z.array(z.object({ field: z.string(), header: z.string() })),
  /** The first rows as they would be stored, for the preview table, keyed by the columns' `field`. */
  preview: z.array(z.record(z.string(), z.string().nullable())),
});
export type CsvImportResult = z.infer<typeof csvImportResultSchema>;
