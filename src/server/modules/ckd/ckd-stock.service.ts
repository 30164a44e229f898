/**
 * The kit stock grid (DOMAIN.md §4 "CKD kits"): kits in stock per factory × category, from the
 * balances the kit ledger keeps, with totals per factory, per category and overall. A
 * factory-scoped user sees their own factory only.
 */
import type { CkdStock, CkdStockQuery } from '../../../common/contracts/ckd';
import type { Actor } from '../../auth/actor';
import { scopedFactoryFilter } from '../../auth/scope';
import type { Database } from '../../db/client';
import { stockCategories, stockCells, stockFactories } from './ckd-stock.repository';

export async function getCkdStock(db: Database, actor: Actor, query: CkdStockQuery): Promise<CkdStock> {
  const factories = await stockFactories(db, scopedFactoryFilter(actor, query.factoryId));
  const cells = await stockCells(
    db,
    factories.map((f) => f.id),
  );
  const categories = await stockCategories(db, [...new Set(cells.map((c) => c.categoryId))]);
  const totals: Record<string, number> = Object.fromEntries(categories.map((c) => [c.id, 0]));
  const rows = factories.map((factory) => {
    const quantities: Record<string, number> = {};
    let total = 0;
    for (const cell of cells) {
      if (cell.factoryId !== factory.id) continue;
      quantities[cell.categoryId] = cell.quantity;
      totals[cell.categoryId] = (totals[cell.categoryId] ?? 0) + cell.quantity;
      total += cell.quantity;
    }
    return { factory, quantities, total };
  });
  return { categories, rows, totals, total: rows.reduce((sum, row) => sum + row.total, 0) };
}
