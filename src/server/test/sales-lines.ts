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
import { sqlBigintArray } from '../modules/stove-ids/stove-id-status.repository';
import { setSalesPrice } from './sales';
import { makeStoveIds } from './stove-ids';

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

/**
 * A return note of `stoves` stoves of an order's line (position, default 1) on `date`, each credited
 * `credit`, with the item copies the report reads (new stove IDs stand for the returned ones).
 * Returns the note's id.
 */
export async function recordReturn(
  db: Executor,
  r: { orderId: string; date: string; stoves: number; credit: number; position?: number },
): Promise<string> {
  const [line] = await queryRows<{ id: number; factoryId: string; currency: string }>(
    db,
    sql`select id::int as id, factory_id as "factoryId", currency from sales_order_lines
         where order_id = ${r.orderId} and position = ${r.position ?? 1}`,
  );
  if (!line) throw new Error('recordReturn: no such order line');
  const [note] = await queryRows<{ id: string }>(
    db,
    sql`insert into sales_returns (order_id, factory_id, date, reason, stove_count, credit, currency)
        values (${r.orderId}, ${line.factoryId}, ${r.date}, 'Test return', ${r.stoves}, ${r.stoves * r.credit},
                ${line.currency})
        returning id`,
  );
  if (!note) throw new Error('recordReturn: no return inserted');
  const ids = await makeStoveIds(db, { factoryId: line.factoryId, count: r.stoves, status: 'validated' });
  await db.execute(
    sql`insert into sales_return_items (return_id, stove_id_id, order_id, order_line_id, credit, date, factory_id,
                                        customer_id, category_id, seller_id, package_id, currency)
        select ${note.id}, s.id, l.order_id, l.id, ${r.credit}, ${r.date}, l.factory_id, l.customer_id,
               l.category_id, l.seller_id, l.package_id, l.currency
          from sales_order_lines l, unnest(${sqlBigintArray(ids.ids)}) as s(id)
         where l.id = ${line.id}`,
  );
  return note.id;
}
