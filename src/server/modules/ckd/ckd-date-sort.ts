/**
 * The "date" sort of the CKD document lists: by date, then by number (the order they were
 * written), as one text key, so the keyset cursor of the list convention (sort value, id) pages
 * it exactly and documents of one day keep their order.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

const NUMBER_DIGITS = 15;

/** '2026-01-31' and 12 → '2026-01-31000000000000012'. */
export function dateSortValue(date: string, number: number): string {
  return `${date}${String(number).padStart(NUMBER_DIGITS, '0')}`;
}

export function dateSort(date: AnyPgColumn, number: AnyPgColumn): SQL {
  return sql`(${date}::text || lpad(${number}::text, ${sql.raw(String(NUMBER_DIGITS))}, '0'))`;
}
