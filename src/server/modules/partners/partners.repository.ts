import { and, eq, inArray, like, sql, type SQL } from 'drizzle-orm';
import { LIST_TOTAL_CAP, type ListResponse } from '../../../common/contracts/list';
import type { ListPartnersQuery, Partner } from '../../../common/contracts/partners';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { isoTime } from '../../db/iso-time';
import { partners } from '../../db/schema/partners';
import { salesCategories } from '../../db/schema/sales';
import {
  afterCursor,
  cappedCount,
  cappedTotal,
  containsPattern,
  cursorRowValue,
  orderBy,
  pastCapByStatistics,
  queryJsonPage,
  whereAll,
  type Cursor,
} from '../../http/list';

export type PartnerRow = typeof partners.$inferSelect;
export type NewPartnerRow = typeof partners.$inferInsert;
type PartnerFilters = Omit<ListPartnersQuery, 'limit' | 'cursor'>;

/** The cursor value of each sort. */
export const PARTNER_SORT_VALUES: Record<ListPartnersQuery['sort'], (row: Partner) => Cursor['v']> = {
  name: (r) => r.name,
  type: (r) => r.type,
  region: (r) => r.region,
  createdAt: (r) => r.createdAt,
};

function filtersWhere(f: PartnerFilters): SQL | undefined {
  return whereAll(
    f.q ? like(partners.search, containsPattern(f.q.toLowerCase())) : undefined,
    f.type ? eq(partners.type, f.type) : undefined,
    f.active === undefined ? undefined : eq(partners.active, f.active),
    f.region ? eq(partners.region, f.region) : undefined,
  );
}

/** A search's matches, gathered once per statement (the `matches` CTE), with the partners' columns. */
const matches = alias(partners, 'matches');
/** The rows of a page, before they are built into JSON. */
const paged = alias(partners, 'paged');
type PartnerSource = typeof partners | typeof matches | typeof paged;
/** What the matches CTE keeps of each match: its id and what the list sorts by. */
const matchColumns = sql.join(
  [partners.id, partners.name, partners.type, partners.region, partners.createdAt].map((c) => sql.identifier(c.name)),
  sql`, `,
);

function sortColumn(source: PartnerSource, sort: PartnerFilters['sort']) {
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

/** A partner as the API shows it (`Partner`), built by the database. */
function partnerJson(p: PartnerSource): SQL {
  const c = salesCategories;
  return sql`json_build_object(
    'id', ${p.id}, 'name', ${p.name}, 'type', ${p.type}, 'contactPerson', ${p.contactPerson},
    'phone', ${p.phone}, 'email', ${p.email}, 'region', ${p.region}, 'address', ${p.address},
    'notes', ${p.notes},
    'defaultSalesCategory', case when ${c.id} is null then null
                                 else json_build_object('id', ${c.id}, 'name', ${c.name}, 'code', ${c.code}) end,
    'active', ${p.active}, 'createdAt', ${isoTime(p.createdAt)}, 'updatedAt', ${isoTime(p.updatedAt)})`;
}

/**
 * The statement of one page of partners as the API shows them. The page's rows are sorted and cut
 * first; only they are joined to their sales category and built into JSON (in the select list of a
 * sort, every row sorted would be). A search of three or more characters first gathers its matches
 * through the trigram index into a materialized CTE of ids and sort values, which keeps the
 * planner from walking the sort index instead (discarding most of the table) and lets the count
 * reuse them; the page's partners are then read by id.
 */
function pageStatement(f: PartnerFilters, cursor: Cursor | null, limit: number) {
  const where = filtersWhere(f);
  const search = f.q !== undefined && f.q.length >= 3;
  const source = search ? matches : partners;
  const sort = sortColumn(source, f.sort);
  const exact = f.sort === 'createdAt' ? cursorRowValue(partners, partners.createdAt, partners.id, cursor) : undefined;
  const pageWhere =
    whereAll(search ? undefined : where, afterCursor(sort, source.id, f.dir, cursor, exact)) ?? sql`true`;
  const pageOrder = (s: PartnerSource) => sql.join(orderBy(sortColumn(s, f.sort), s.id, f.dir), sql`, `);
  const page = search
    ? sql`select ${partners}.* from (select ${matches.id} from ${matches} where ${pageWhere}
                                      order by ${pageOrder(matches)} limit ${limit}) keys
            join ${partners} on ${partners.id} = keys.id`
    : sql`select ${partners}.* from ${partners} where ${pageWhere} order by ${pageOrder(partners)} limit ${limit}`;
  return {
    unfiltered: where === undefined,
    ctes: search ? sql`${matches} as materialized (select ${matchColumns} from ${partners} where ${where})` : undefined,
    items: sql`select ${partnerJson(paged)} as item
                 from (${page}) ${paged}
                 left join ${salesCategories} on ${salesCategories.id} = ${paged.defaultSalesCategoryId}
                order by ${pageOrder(paged)}`,
    count: cappedCount(sql`${source}`, search ? undefined : where),
  };
}

/** One page of partners as the API shows them. */
export async function listPartnerRows(
  db: Executor,
  f: PartnerFilters,
  cursor: Cursor | null,
  limit: number,
): Promise<Partner[]> {
  const { ctes, items } = pageStatement(f, cursor, limit);
  return (await queryJsonPage<Partner>(db, { ctes, items })).items;
}

/**
 * One page of partners and their capped total, in one statement. Unfiltered, a table past the cap
 * by its statistics is not counted.
 */
export async function listPartnerPage(
  db: Executor,
  f: PartnerFilters,
  cursor: Cursor | null,
  limit: number,
): Promise<{ items: Partner[]; total: Pick<ListResponse<unknown>, 'total' | 'totalCapped'> }> {
  const { unfiltered, ctes, items, count } = pageStatement(f, cursor, limit);
  const counted = !(unfiltered && (await pastCapByStatistics(db, partners)));
  const page = await queryJsonPage<Partner>(db, { ctes, items, count: counted ? count : undefined });
  return { items: page.items, total: cappedTotal(page.count ?? LIST_TOTAL_CAP + 1) };
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
