/** Reads the kit balances (ckd_stock) for the stock grid; the kit ledger is what writes them. */
import { and, asc, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { factories } from '../../db/schema/core';
import { ckdCategories, ckdStock } from '../../db/schema/production';

export interface StockFactoryRow {
  id: string;
  name: string;
  code: string;
  active: boolean;
}

/** One factory when given; else the active factories and any other that holds kits, by name. */
export function stockFactories(db: Executor, factoryId: string | undefined): Promise<StockFactoryRow[]> {
  const holdsKits: SQL = sql`exists (select 1 from ${ckdStock} s where s.factory_id = ${factories.id} and s.quantity > 0)`;
  return db
    .select({ id: factories.id, name: factories.name, code: factories.code, active: factories.active })
    .from(factories)
    .where(factoryId === undefined ? or(eq(factories.active, true), holdsKits) : eq(factories.id, factoryId))
    .orderBy(asc(factories.name), asc(factories.id));
}

/** The non-zero balances of these factories. */
export function stockCells(
  db: Executor,
  factoryIds: readonly string[],
): Promise<{ factoryId: string; categoryId: string; quantity: number }[]> {
  if (factoryIds.length === 0) return Promise.resolve([]);
  return db
    .select({ factoryId: ckdStock.factoryId, categoryId: ckdStock.categoryId, quantity: ckdStock.quantity })
    .from(ckdStock)
    .where(and(inArray(ckdStock.factoryId, [...factoryIds]), gt(ckdStock.quantity, 0)));
}

/** The active categories and these others (which hold kits), by name. */
export function stockCategories(db: Executor, alsoIds: readonly string[]) {
  return db
    .select({
      id: ckdCategories.id,
      name: ckdCategories.name,
      code: ckdCategories.code,
      stoveModel: ckdCategories.stoveModel,
      active: ckdCategories.active,
    })
    .from(ckdCategories)
    .where(
      alsoIds.length === 0
        ? eq(ckdCategories.active, true)
        : or(eq(ckdCategories.active, true), inArray(ckdCategories.id, [...alsoIds])),
    )
    .orderBy(asc(ckdCategories.name), asc(ckdCategories.id));
}
