/**
 * The Admin dashboard and the Factory dashboard (DOMAIN.md §4 "Dashboards"): stoves coupled and
 * sold today and this month, this month's revenue per currency, pending stove transfers, kit stock
 * by factory, steel and inventory below their reorder level, and 30 days of production and sales.
 *
 * Each figure is read where its area keeps it, through that area's repository: the sales lines
 * (as the sales overview reads them), the transfers, the kit, steel and inventory balances; only
 * stoves coupled and orders per day are read here. The reads are independent and run at once (on
 * a PostgreSQL pool they overlap; PGlite runs them one after another).
 *
 * Days are UTC calendar days, as the sales overview counts them.
 */
import { addDays, eachDay, monthStart } from '../../../common/calendar-days';
import { dayInZone } from '../../../common/time-zones';
import { factoryTimeZone } from '../factories/time-zones.repository';
import {
  DASHBOARD_LOW_STOCK_ROWS,
  DASHBOARD_PENDING_TRANSFERS,
  DASHBOARD_TREND_DAYS,
  type AdminDashboardQuery,
  type Dashboard,
} from '../../../common/contracts/dashboards';
import { listInventoryStockQuerySchema } from '../../../common/contracts/inventory';
import type { Actor } from '../../auth/actor';
import type { Database } from '../../db/client';
import { errors } from '../../http/errors';
import { getCkdStock } from '../ckd/ckd-stock.service';
import { findFactoryById } from '../factories/factories.repository';
import {
  countInventoryStock,
  listInventoryStockRows,
  type InventoryStockFilters,
} from '../inventory/inventory-stock.repository';
import { soldByCurrency, stovesPerDay } from '../sales/sales-orders.repository';
import { listOverviewCategories, listSteelFactories, listSteelStockRows } from '../steel/steel-overview.repository';
import {
  countPendingTransfers,
  countTransfers,
  listTransferRows,
  type TransferFilters,
} from '../stove-transfers/stove-transfers.repository';
import { coupledPerDay, ordersPerDay } from './dashboards.repository';

type FactoryRef = NonNullable<Dashboard['factory']>;

export const NO_FACTORY_NOTICE =
  'Your account has no factory, so there is nothing to show here. Ask an administrator to assign your factory.';

/** The days a dashboard covers, on the calendar of `zone`: today, the month so far, the trend's 30 days. */
function daysOf(now: Date, zone: string) {
  const today = dayInZone(now, zone);
  const first = monthStart(today);
  const trendFrom = addDays(today, -(DASHBOARD_TREND_DAYS - 1));
  return { today, first, trendFrom, from: first < trendFrom ? first : trendFrom };
}

/** A dashboard with nothing in it (a factory dashboard of a user without a factory). */
function emptyDashboard(now: Date, zone: string, notice: string): Dashboard {
  const { today, first, trendFrom } = daysOf(now, zone);
  const days = eachDay(trendFrom, today);
  return {
    scope: 'none',
    factory: null,
    notice,
    date: today,
    timeZone: zone,
    monthStart: first,
    coupled: { today: 0, thisMonth: 0 },
    sold: { today: 0, thisMonth: 0, ordersToday: 0, ordersThisMonth: 0 },
    revenue: [],
    pendingTransfers: { total: 0, toConfirm: 0, latest: [] },
    kitStock: { categories: [], rows: [], totals: {}, total: 0 },
    lowSteel: { total: 0, rows: [] },
    lowInventory: { total: 0, totalCapped: false, rows: [] },
    production: days.map((day) => ({ day, stoves: 0 })),
    sales: days.map((day) => ({ day, stoves: 0, orders: 0 })),
  };
}

/** Per-day rows summed over today and over the month so far. */
function todayAndMonth(rows: readonly { day: string; value: number }[], today: string, first: string) {
  let todayTotal = 0;
  let month = 0;
  for (const r of rows) {
    if (r.day === today) todayTotal += r.value;
    if (r.day >= first && r.day <= today) month += r.value;
  }
  return { today: todayTotal, thisMonth: month };
}

/**
 * Every figure for one factory, on its calendar, or for all (factory null), on the viewer's: "today"
 * at a Kenyan factory begins at midnight in Nairobi, not at 03:00 (UTC's midnight).
 */
async function figures(db: Database, actor: Actor, factory: FactoryRef | null, now: Date): Promise<Dashboard> {
  const zone = factory ? await factoryTimeZone(db, factory.id) : actor.timeZone;
  const { today, first, trendFrom, from } = daysOf(now, zone);
  const factoryId = factory?.id;
  const range = { from, to: today, factoryId };
  const pending: TransferFilters = { scopeFactoryId: factoryId, status: 'pending', sort: 'createdAt', dir: 'desc' };
  const low: InventoryStockFilters = {
    ...listInventoryStockQuerySchema.parse({ low: 'true', sort: 'quantity', dir: 'asc' }),
    factoryId,
  };
  const [
    coupled,
    sold,
    orders,
    revenue,
    latestTransfers,
    transferCount,
    toConfirm,
    kitStock,
    steelStock,
    steelCategories,
    steelFactories,
    inventoryRows,
    inventoryCount,
  ] = await Promise.all([
    coupledPerDay(db, range),
    stovesPerDay(db, range),
    ordersPerDay(db, range),
    soldByCurrency(db, { from: first, to: today, factoryId }),
    listTransferRows(db, pending, null, DASHBOARD_PENDING_TRANSFERS),
    countTransfers(db, pending),
    // Every pending transfer waits for someone: for all factories this is the total.
    factoryId ? countPendingTransfers(db, factoryId) : null,
    getCkdStock(db, actor, { factoryId }),
    listSteelStockRows(db, factoryId),
    listOverviewCategories(db),
    listSteelFactories(db, factoryId),
    listInventoryStockRows(db, low, null, DASHBOARD_LOW_STOCK_ROWS),
    countInventoryStock(db, low),
  ]);

  const coupledDays = coupled.map((r) => ({ day: r.day, value: r.stoves }));
  const soldDays = sold.map((r) => ({ day: r.day, value: r.stoves }));
  const orderDays = orders.map((r) => ({ day: r.day, value: r.orders }));
  const soldFigures = todayAndMonth(soldDays, today, first);
  const orderFigures = todayAndMonth(orderDays, today, first);
  const perDay = (rows: readonly { day: string; value: number }[]) => new Map(rows.map((r) => [r.day, r.value]));
  const [coupledOn, soldOn, ordersOn] = [perDay(coupledDays), perDay(soldDays), perDay(orderDays)];
  const days = eachDay(trendFrom, today);

  // Steel below reorder level: a factory's balance of an active category under the category's level,
  // as the steel overview flags it.
  const categoryById = new Map(steelCategories.map((c) => [c.id, c]));
  const factoryById = new Map(steelFactories.map((f) => [f.id, f]));
  const lowSteel = steelStock.flatMap((s) => {
    const category = categoryById.get(s.categoryId);
    const where = factoryById.get(s.factoryId);
    if (!category || !where || !category.active || s.quantity >= category.reorderLevel) return [];
    return [
      {
        category: { id: category.id, name: category.name, unit: category.unit },
        factory: where,
        quantity: s.quantity,
        reorderLevel: category.reorderLevel,
      },
    ];
  });
  lowSteel.sort(
    (a, b) =>
      a.quantity / Math.max(a.reorderLevel, 1e-9) - b.quantity / Math.max(b.reorderLevel, 1e-9) ||
      a.category.name.localeCompare(b.category.name) ||
      a.factory.code.localeCompare(b.factory.code),
  );

  return {
    scope: factory ? 'factory' : 'all',
    factory,
    notice: null,
    date: today,
    timeZone: zone,
    monthStart: first,
    coupled: todayAndMonth(coupledDays, today, first),
    sold: {
      ...soldFigures,
      ordersToday: orderFigures.today,
      ordersThisMonth: orderFigures.thisMonth,
    },
    revenue: revenue.map((r) => ({ currency: r.currency, amount: r.amount })),
    pendingTransfers: {
      total: transferCount.total,
      toConfirm: toConfirm ?? transferCount.total,
      latest: latestTransfers.map((t) => ({
        id: t.id,
        number: t.number,
        from: { id: t.fromId, name: t.fromName, code: t.fromCode },
        to: { id: t.toId, name: t.toName, code: t.toCode },
        idCount: t.idCount,
        createdAt: t.createdAt.toISOString(),
      })),
    },
    kitStock,
    lowSteel: { total: lowSteel.length, rows: lowSteel.slice(0, DASHBOARD_LOW_STOCK_ROWS) },
    lowInventory: {
      total: inventoryCount.total,
      totalCapped: inventoryCount.totalCapped,
      rows: inventoryRows.map((r) => ({
        item: { id: r.itemId, name: r.itemName },
        unitSymbol: r.unitSymbol,
        factory: { id: r.factoryId, name: r.factoryName, code: r.factoryCode },
        quantity: r.quantity,
        reorderLevel: r.reorderLevel,
      })),
    },
    production: days.map((day) => ({ day, stoves: coupledOn.get(day) ?? 0 })),
    sales: days.map((day) => ({ day, stoves: soldOn.get(day) ?? 0, orders: ordersOn.get(day) ?? 0 })),
  };
}

async function factoryRef(db: Database, id: string): Promise<FactoryRef | null> {
  const row = await findFactoryById(db, id);
  return row ? { id: row.id, name: row.name, code: row.code } : null;
}

/**
 * GET /api/dashboards/admin: every factory, or the one asked for. A factory-scoped holder of
 * admin-dashboard (the permission table is editable) sees their own factory whatever they ask for,
 * and nothing without one.
 */
export async function adminDashboard(
  db: Database,
  actor: Actor,
  query: AdminDashboardQuery,
  now = new Date(),
): Promise<Dashboard> {
  if (!actor.isGlobal) return factoryDashboard(db, actor, now);
  if (!query.factoryId) return figures(db, actor, null, now);
  const factory = await factoryRef(db, query.factoryId);
  if (!factory) throw errors.validation('No such factory.', { factoryId: ['No such factory'] });
  return figures(db, actor, factory, now);
}

/** GET /api/dashboards/factory: the caller's own factory; an empty dashboard when they have none. */
export async function factoryDashboard(db: Database, actor: Actor, now = new Date()): Promise<Dashboard> {
  if (!actor.factory) return emptyDashboard(now, actor.timeZone, NO_FACTORY_NOTICE);
  return figures(db, actor, { id: actor.factory.id, name: actor.factory.name, code: actor.factory.code }, now);
}
