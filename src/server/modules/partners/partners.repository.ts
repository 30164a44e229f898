import { and, eq, getTableColumns, inArray, like, sql, type SQL } from 'drizzle-orm';
import type { ListPartnersQuery } from '../../../common/contracts/partners';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { partners } from '../../db/schema/partners';
import {
  afterCursor,
  containsPattern,
  countCapped,
  cursorRowValue,
  orderBy,
  whereAll,
  type Cursor,
} from '../../http/list';

export type PartnerRow = typeof partners.$inferSelect;
/** A partner as lists read it: every column but the search text. */
export type PartnerListRow = Omit<PartnerRow, 'search'>;
const { search: _search, ...LIST_COLUMNS } = getTableColumns(partners);
export type NewPartnerRow = typeof partners.$inferInsert;
type PartnerFilters = Omit<ListPartnersQuery, 'limit' | 'cursor'>;

/** The cursor value of each sort. */
export const PARTNER_SORT_VALUES: Record<ListPartnersQuery['sort'], (row: PartnerListRow) => Cursor['v']> = {
  name: (r) => r.name,
  type: (r) => r.type,
  region: (r) => r.region,
  createdAt: (r) => r.createdAt.toISOString(),
};

function filtersWhere(f: PartnerFilters): SQL | undefined {
  return whereAll(
    f.q ? like(partners.search, containsPattern(f.q.toLowerCase())) : undefined,
    f.type ? eq(partners.type, f.type) : undefined,
    f.active === undefined ? undefined : eq(partners.active, f.active),
    f.region ? eq(partners.region, f.region) : undefined,
  );
}

/** The sort column in a source with the partners' columns: the table, or the search subquery. */
function sortColumn(
  source: Record<'name' | 'type' | 'region' | 'createdAt', AnyPgColumn>,
  sort: PartnerFilters['sort'],
) {
  switch (sort) {
    case 'name':
      return source.name;
    case 'type':
      return sql`${source.type}::text`;
    case 'region':
      return source.region;
    case 'createdAt':
      return source.createdAt;
  }
}

/**
 * One page of partners. A search of three or more characters first collects its matches through
 * the trigram index in a subquery with an OFFSET, which keeps the planner from flattening it and
 * walking the sort index instead (discarding most of the table); then the matches are sorted and paged.
 */
export function listPartnerRows(
  db: Executor,
  f: PartnerFilters,
  cursor: Cursor | null,
  limit: number,
): Promise<PartnerListRow[]> {
  const exact = f.sort === 'createdAt' ? cursorRowValue(partners, partners.createdAt, partners.id, cursor) : undefined;
  if (f.q && f.q.length >= 3) {
    const matches = db
      .select(LIST_COLUMNS)
      .from(partners)
      .where(filtersWhere(f))
      .offset(sql.placeholder('fence'))
      .as('matches');
    const sort = sortColumn(matches, f.sort);
    return db
      .select()
      .from(matches)
      .where(afterCursor(sort, matches.id, f.dir, cursor, exact))
      .orderBy(...orderBy(sort, matches.id, f.dir))
      .limit(limit)
      .execute({ fence: 0 });
  }
  const sort = sortColumn(partners, f.sort);
  return db
    .select(LIST_COLUMNS)
    .from(partners)
    .where(whereAll(filtersWhere(f), afterCursor(sort, partners.id, f.dir, cursor, exact)))
    .orderBy(...orderBy(sort, partners.id, f.dir))
    .limit(limit)
    .execute();
}

export function countPartners(db: Executor, f: PartnerFilters) {
  return countCapped(db, sql`${partners}`, filtersWhere(f), partners);
}

export async function lockPartner(db: Executor, id: string): Promise<PartnerRow | null> {
  const [row] = await db.select().from(partners).where(eq(partners.id, id)).for('update');
  return row ?? null;
}

/** Partners with these (lower-cased) names, to find duplicates of name + region. */
export function findPartnersByNames(db: Executor, lowerNames: string[]) {
  if (lowerNames.length === 0) return Promise.resolve([]);
  return db
    .select({ id: partners.id, name: partners.name, region: partners.region })
    .from(partners)
    .where(inArray(sql`lower(${partners.name})`, lowerNames));
}

export async function findPartnerByNameAndRegion(db: Executor, name: string, region: string, exceptId?: string) {
  const rows = await db
    .select({ id: partners.id })
    .from(partners)
    .where(and(eq(sql`lower(${partners.name})`, name.toLowerCase()), eq(partners.region, region)));
  return rows.find((r) => r.id !== exceptId) ?? null;
}

export async function insertPartners(db: Executor, values: NewPartnerRow[]): Promise<PartnerRow[]> {
  if (values.length === 0) return [];
  return db.insert(partners).values(values).returning();
}

export async function updatePartnerRow(db: Executor, id: string, values: Partial<NewPartnerRow>): Promise<PartnerRow> {
  const [row] = await db
    .update(partners)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(partners.id, id))
    .returning();
  if (!row) throw new Error('update of partners returned no row');
  return row;
}

/** How many partners (active or not) have this sales category as their default. */
export async function countPartnersWithSalesCategory(db: Executor, categoryId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(partners)
    .where(eq(partners.defaultSalesCategoryId, categoryId));
  return row?.n ?? 0;
}
