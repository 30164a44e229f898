/**
 * Sales orders for report tests, straight in the database (no HTTP, no stove IDs): an order and
 * its lines with the copies the report reads (day, factory, customer, category, seller, currency,
 * canceled), as createSalesOrder writes them.
 *
 *   const customer = await makeCustomer(db);
 *   await recordSale(db, { date: '2026-01-05', factoryId, customerId: customer.id, categoryId,
 *                          sellerId, lines: [{ packageId, quantity: 2, unitPrice: 3500 }] });
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { PartnerType } from '../../common/contracts/partners';
import { queryRows, type Executor } from '../db/client';
import { setSalesPrice } from './sales';

export async function makeCustomer(
  db: Executor,
  options: { name?: string; type?: PartnerType } = {},
): Promise<{ id: string; name: string }> {
  const name = options.name ?? `Customer ${randomBytes(4).toString('hex')}`;
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into partners (name, type) values (${name}, ${options.type ?? 'retailer'}) returning id`,
  );
  if (!row) throw new Error('makeCustomer: nothing inserted');
  return { id: row.id, name };
}

export interface SaleLine {
  packageId: string;
  quantity: number;
  unitPrice: number;
  /** Default 1. */
  stovesPerPackage?: number;
}

/**
 * An order of `lines` (each priced by a price row made for it), completed or canceled. Returns
 * the order's id.
 */
export async function recordSale(
  db: Executor,
  sale: {
    date: string;
    factoryId: string;
    customerId: string;
    categoryId: string;
    sellerId?: string | null;
    currency?: string;
    lines: SaleLine[];
    canceled?: boolean;
  },
): Promise<string> {
  const currency = sale.currency ?? 'KES';
  const lines = sale.lines.map((l) => ({ ...l, stovesPerPackage: l.stovesPerPackage ?? 1 }));
  const packageCount = lines.reduce((n, l) => n + l.quantity, 0);
  const stoveCount = lines.reduce((n, l) => n + l.quantity * l.stovesPerPackage, 0);
  const total = lines.reduce((n, l) => n + Math.round(l.quantity * l.unitPrice * 100), 0) / 100;
  const canceled = sale.canceled ?? false;
  const [order] = await queryRows<{ id: string }>(
    db,
    sql`insert into sales_orders (date, factory_id, customer_id, category_id, currency, package_count, stove_count,
                                  total, buyer_name, status, cancel_reason, canceled_at, canceled_by, created_by)
        values (${sale.date}, ${sale.factoryId}, ${sale.customerId}, ${sale.categoryId}, ${currency}, ${packageCount},
                ${stoveCount}, ${total}, 'Test buyer', ${canceled ? 'canceled' : 'completed'},
                ${canceled ? 'test cancel' : null}, ${canceled ? new Date().toISOString() : null},
                ${canceled ? (sale.sellerId ?? null) : null}, ${sale.sellerId ?? null})
        returning id`,
  );
  if (!order) throw new Error('recordSale: no order inserted');
  for (const [i, line] of lines.entries()) {
    const priceId = await setSalesPrice(db, {
      packageId: line.packageId,
      categoryId: sale.categoryId,
      unitPrice: line.unitPrice,
      currency,
      effectiveFrom: sale.date,
    });
    await db.execute(
      sql`insert into sales_order_lines (order_id, position, package_id, quantity, stoves_per_package, price_id,
                                         unit_price, line_total, date, factory_id, customer_id, category_id,
                                         seller_id, currency, canceled)
          values (${order.id}, ${i + 1}, ${line.packageId}, ${line.quantity}, ${line.stovesPerPackage}, ${priceId},
                  ${line.unitPrice}, ${line.quantity * line.unitPrice}, ${sale.date}, ${sale.factoryId},
                  ${sale.customerId}, ${sale.categoryId}, ${sale.sellerId ?? null}, ${currency}, ${canceled})`,
    );
  }
  return order.id;
}
