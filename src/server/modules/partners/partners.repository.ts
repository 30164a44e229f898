import { and, eq, inArray, like, sql, type SQL } from 'drizzle-orm';
import type { ListPartnersQuery } from '../../../common/contracts/partners';
import type { Executor } from '../../db/client';
import { partners } from '../../db/schema/partners';
import {
  afterCursor,
  containsPattern,
  countCapped,
  orderBy,
  whereAll,
  type Cursor,
  type SortSpec,
} from '../../http/list';

export type PartnerRow = typeof partners.$inferSelect;
export type NewPartnerRow = typeof partners.$inferInsert;
type PartnerFilters = Omit<ListPartnersQuery, 'limit' | 'cursor'>;

export const PARTNER_SORTS: Record<ListPartnersQuery['sort'], SortSpec<PartnerRow>> = {
  name: { column: partners.name, value: (r) => r.name },
  type: { column: sql`${partners.type}::text`, value: (r) => r.type },
  region: { column: partners.region, value: (r) => r.region },
  createdAt: { column: partners.createdAt, value: (r) => r.createdAt.toISOString() },
};

function filtersWhere(f: PartnerFilters): SQL | undefined {
  return whereAll(
    f.q ? like(partners.search, containsPattern(f.q.toLowerCase())) : undefined,
    f.type ? eq(partners.type, f.type) : undefined,
    f.active === undefined ? undefined : eq(partners.active, f.active),
    f.region ? eq(partners.region, f.region) : undefined,
  );
}

/** created_at is stored to the microsecond, the cursor carries milliseconds: read the cursor row's own value. */
function exactCursorValue(f: PartnerFilters, cursor: Cursor | null): SQL | undefined {
  if (!cursor || f.sort !== 'createdAt') return undefined;
  return sql`(select c.created_at from ${partners} c where c.id = ${cursor.id})`;
}

export function listPartnerRows(db: Executor, f: PartnerFilters, cursor: Cursor | null, limit: number) {
  const sort = PARTNER_SORTS[f.sort].column;
  return db
    .select()
    .from(partners)
    .where(whereAll(filtersWhere(f), afterCursor(sort, partners.id, f.dir, cursor, exactCursorValue(f, cursor))))
    .orderBy(...orderBy(sort, partners.id, f.dir))
    .limit(limit);
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
