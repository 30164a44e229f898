/**
 * The Admin dashboard and the Factory dashboard (DOMAIN.md §4 "Dashboards"): a morning glance at
 * production, sales, transfers and stock, for all factories, one factory, or the user's own.
 *
 * Days are UTC calendar days, as the sales overview and the reports count them: "today" is the UTC
 * day, "this month" runs from its 1st to today, the trends are the 30 days ending today.
 */
import { z } from 'zod';
import { ckdStockSchema } from './ckd';
import { factoryRefSchema } from './fields';
import { uuidFilterSchema } from './list';
import { steelUnitSchema } from './steel';

/** GET /api/dashboards/admin: every factory, or one. */
export const adminDashboardQuerySchema = z.object({ factoryId: uuidFilterSchema });
export type AdminDashboardQuery = z.infer<typeof adminDashboardQuerySchema>;

/** How many of the latest pending transfers the dashboard lists. */
export const DASHBOARD_PENDING_TRANSFERS = 5;
/** How many low-stock rows (steel, inventory) the dashboard lists; the count covers all of them. */
export const DASHBOARD_LOW_STOCK_ROWS = 10;
/** Days of the production and sales trends, ending today. */
export const DASHBOARD_TREND_DAYS = 30;

const todayAndMonth = z.object({ today: z.number().int(), thisMonth: z.number().int() });

export const dashboardSchema = z.object({
  /**
   * What the figures cover: every factory, one factory, or none (a factory dashboard of a user
   * without a factory: every figure is empty and `notice` says why).
   */
  scope: z.enum(['all', 'factory', 'none']),
  /** The factory of scope 'factory'. */
  factory: factoryRefSchema.nullable(),
  /** Why there is nothing to show (scope 'none'). */
  notice: z.string().nullable(),
  /** Today on the calendar of `timeZone`. */
  date: z.string(),
  /** The zone whose calendar the days follow: the factory's, or the viewer's for every factory. */
  timeZone: z.string(),
  /** The 1st of this month. */
  monthStart: z.string(),
  /** Stoves coupled: submitted stove reports of the day (voided ones do not count). */
  coupled: todayAndMonth,
  /** Stoves sold and completed orders (canceled orders left out). */
  sold: todayAndMonth.extend({ ordersToday: z.number().int(), ordersThisMonth: z.number().int() }),
  /** This month's revenue per currency (never converted), biggest first. */
  revenue: z.array(z.object({ currency: z.string(), amount: z.number() })),
  pendingTransfers: z.object({
    /** Pending transfers: every one, or those the factory sends or receives. */
    total: z.number().int(),
    /** Of them, the ones waiting for the factory's confirmation (every one for all factories). */
    toConfirm: z.number().int(),
    /** The latest, newest first. */
    latest: z.array(
      z.object({
        id: z.string(),
        number: z.number().int(),
        from: factoryRefSchema,
        to: factoryRefSchema,
        idCount: z.number().int(),
        createdAt: z.string(),
      }),
    ),
  }),
  /** Kits in stock per factory × CKD category (as CKD Management shows it). */
  kitStock: ckdStockSchema,
  /** Steel below its category's reorder level at a factory (active categories). */
  lowSteel: z.object({
    total: z.number().int(),
    rows: z.array(
      z.object({
        category: z.object({ id: z.string(), name: z.string(), unit: steelUnitSchema }),
        factory: factoryRefSchema,
        quantity: z.number(),
        reorderLevel: z.number(),
      }),
    ),
  }),
  /** Inventory items below their reorder level at a factory (active items). */
  lowInventory: z.object({
    total: z.number().int(),
    /** Capped like list totals (more than 10,000). */
    totalCapped: z.boolean(),
    rows: z.array(
      z.object({
        item: z.object({ id: z.string(), name: z.string() }),
        unitSymbol: z.string(),
        factory: factoryRefSchema,
        quantity: z.number(),
        reorderLevel: z.number(),
      }),
    ),
  }),
  /** Stoves coupled per day, the last 30 days, oldest first. */
  production: z.array(z.object({ day: z.string(), stoves: z.number().int() })),
  /** Stoves sold and completed orders per day, the last 30 days, oldest first. */
  sales: z.array(z.object({ day: z.string(), stoves: z.number().int(), orders: z.number().int() })),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
