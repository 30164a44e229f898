import { asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { ListFactoriesQuery } from '../../../common/contracts/factories';
import type { Executor } from '../../db/client';
import { factories } from '../../db/schema/core';
import {
  afterCursor,
  containsPattern,
  countCapped,
  cursorRowValue,
  orderBy,
  whereAll,
  type Cursor,
  type SortSpec,
} from '../../http/list';
import { masterDataRows } from '../master-data/master-data.repository';

export type FactoryRow = typeof factories.$inferSelect;
type FactoryFilters = Omit<ListFactoriesQuery, 'limit' | 'cursor'>;

export const FACTORY_SORTS: Record<ListFactoriesQuery['sort'], SortSpec<FactoryRow>> = {
  name: { column: factories.name, value: (r) => r.name },
  code: { column: factories.code, value: (r) => r.code },
  kind: { column: sql`${factories.kind}::text`, value: (r) => r.kind },
  createdAt: { column: factories.createdAt, value: (r) => r.createdAt.toISOString() },
};

function filtersWhere(f: FactoryFilters): SQL | undefined {
  return whereAll(
    f.q ? or(ilike(factories.name, containsPattern(f.q)), ilike(factories.code, containsPattern(f.q))) : undefined,
    f.kind ? eq(factories.kind, f.kind) : undefined,
    f.active === undefined ? undefined : eq(factories.active, f.active),
  );
}

export async function listFactoryRows(
  db: Executor,
  f: FactoryFilters,
  cursor: Cursor | null,
  limit: number,
): Promise<FactoryRow[]> {
  const sort = FACTORY_SORTS[f.sort].column;
  return db
    .select()
    .from(factories)
    .where(
      whereAll(
        filtersWhere(f),
        afterCursor(
          sort,
          factories.id,
          f.dir,
          cursor,
          f.sort === 'createdAt' ? cursorRowValue(factories, factories.createdAt, factories.id, cursor) : undefined,
        ),
      ),
    )
    .orderBy(...orderBy(sort, factories.id, f.dir))
    .limit(limit);
}

export function countFactories(db: Executor, f: FactoryFilters) {
  return countCapped(db, sql`${factories}`, filtersWhere(f));
}

export async function listFactoryOptions(db: Executor) {
  return db
    .select({
      id: factories.id,
      name: factories.name,
      code: factories.code,
      kind: factories.kind,
      active: factories.active,
      timeZone: factories.timeZone,
    })
    .from(factories)
    .orderBy(asc(factories.name));
}

export async function findFactoryById(db: Executor, id: string): Promise<FactoryRow | null> {
  const [row] = await db.select().from(factories).where(eq(factories.id, id));
  return row ?? null;
}

const rows = masterDataRows(factories);
/** Locks the row for the rest of the transaction. */
export const lockFactory = (db: Executor, id: string) => rows.lock(db, id);
export const insertFactory = rows.insert;
export const updateFactoryRow = rows.update;

export async function findFactoryByCode(db: Executor, code: string): Promise<FactoryRow | null> {
  const [row] = await db.select().from(factories).where(eq(factories.code, code));
  return row ?? null;
}
