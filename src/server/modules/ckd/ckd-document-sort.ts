/**
 * The sorts of the CKD document lists (produced records, kit transfers): by number, or by date and
 * then number (the order they were written) as one text key, so the keyset cursor of the list
 * convention (sort value, id) pages it exactly and documents of one day keep their order.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Cursor } from '../../http/list';

type CkdDocumentSort = 'date' | 'number';

const NUMBER_DIGITS = 15;

/** What a list orders by: the number, or the date-and-number key. */
export function ckdDocumentSort(
  sort: CkdDocumentSort,
  document: { date: AnyPgColumn; number: AnyPgColumn },
): AnyPgColumn | SQL {
  return sort === 'number'
    ? document.number
    : sql`(${document.date}::text || lpad(${document.number}::text, ${sql.raw(String(NUMBER_DIGITS))}, '0'))`;
}

/** A listed document's cursor value: its number, or by date '2026-01-31' and 12 → '2026-01-31000000000000012'. */
export const CKD_DOCUMENT_SORT_VALUES: Record<CkdDocumentSort, (row: { date: string; number: number }) => Cursor['v']> =
  {
    date: (row) => `${row.date}${String(Number(row.number)).padStart(NUMBER_DIGITS, '0')}`,
    number: (row) => row.number,
  };
