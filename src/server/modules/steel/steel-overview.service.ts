/**
 * The steel overview (DOMAIN.md §4 "Steel"): stock per category and factory, categories whose
 * total stock is below their reorder level (with the factories below it), and the monthly usage
 * of the last 12 months. Factory-scoped users see their own factory only.
 */
import type { SteelOverview, SteelOverviewQuery } from '../../../common/contracts/steel';
import type { Actor } from '../../auth/actor';
import { scopedFactoryFilter } from '../../auth/scope';
import type { Database } from '../../db/client';
import {
  listMonthlyUsage,
  listOverviewCategories,
  listSteelFactories,
  listSteelStockRows,
} from './steel-overview.repository';
import { dayInZone } from '../../../common/time-zones';
import { factoryTimeZone } from '../factories/time-zones.repository';

const MONTHS = 12;

/** The last `count` months ("2025-02" … "2026-01"), oldest first, ending with the month of `today` (UTC). */
export function lastMonths(today: Date, count = MONTHS, zone = 'UTC'): string[] {
  const day = dayInZone(today, zone);
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7)) - 1;
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(year, month - (count - 1 - i), 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}

/** Sums as the ledger keeps them: to the gram. */
const round3 = (n: number) => Math.round(n * 1000) / 1000;

export async function steelOverview(
  db: Database,
  actor: Actor,
  query: SteelOverviewQuery,
  today: Date = new Date(),
): Promise<SteelOverview> {
  const factoryId = scopedFactoryFilter(actor, query.factoryId);
  // The months of the factory's calendar, or of the viewer's for every factory.
  const zone = factoryId ? await factoryTimeZone(db, factoryId) : actor.timeZone;
  const months = lastMonths(today, MONTHS, zone);
  const [stock, categories, factories, usage] = await Promise.all([
    listSteelStockRows(db, factoryId),
    listOverviewCategories(db),
    listSteelFactories(db, factoryId),
    listMonthlyUsage(db, factoryId, `${months[0]}-01`),
  ]);

  const stockByCategory = new Map<string, { factoryId: string; quantity: number }[]>();
  for (const s of stock) {
    const list = stockByCategory.get(s.categoryId) ?? [];
    list.push({ factoryId: s.factoryId, quantity: s.quantity });
    stockByCategory.set(s.categoryId, list);
  }
  const factoryOrder = new Map(factories.map((f, i) => [f.id, i]));

  const shown = categories.flatMap((c) => {
    const rows = (stockByCategory.get(c.id) ?? []).sort(
      (a, b) => (factoryOrder.get(a.factoryId) ?? 0) - (factoryOrder.get(b.factoryId) ?? 0),
    );
    const total = round3(rows.reduce((sum, r) => sum + r.quantity, 0));
    if (!c.active && total === 0) return [];
    return [
      {
        id: c.id,
        name: c.name,
        grade: c.grade,
        unit: c.unit,
        reorderLevel: c.reorderLevel,
        active: c.active,
        total,
        belowReorder: c.active && total < c.reorderLevel,
        stock: rows.map((r) => ({
          factoryId: r.factoryId,
          quantity: r.quantity,
          belowReorder: c.active && r.quantity < c.reorderLevel,
        })),
      },
    ];
  });

  const monthIndex = new Map(months.map((m, i) => [m, i]));
  const usageByCategory = new Map<string, number[]>();
  for (const u of usage) {
    const i = monthIndex.get(u.month);
    if (i === undefined) continue;
    const quantities = usageByCategory.get(u.categoryId) ?? Array.from({ length: months.length }, () => 0);
    quantities[i] = round3((quantities[i] ?? 0) + u.quantity);
    usageByCategory.set(u.categoryId, quantities);
  }
  const series = categories.flatMap((c) => {
    const quantities = usageByCategory.get(c.id);
    return quantities ? [{ categoryId: c.id, name: c.name, unit: c.unit, quantities }] : [];
  });

  return { factories, categories: shown, usage: { months, series } };
}
