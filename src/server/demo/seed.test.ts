/** `npm run demo`'s data: every screen has something to show, and every history explains its status. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOVE_ID_STATUSES, STOVE_TRANSFER_STATUSES } from '../../common/contracts/stove-ids';
import { queryRows } from '../db/client';
import { seedDemoData } from './seed';
import { openTestDatabase } from '../test/test-database';
import type { DatabaseHandle } from '../db/client';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
}, 120_000);
afterAll(async () => {
  await handle.close();
});

describe('demo data', () => {
  it('is one transaction: a seeding that fails part-way leaves nothing, and the next one seeds everything', async () => {
    // The steel seeding, after the factories, users and stove IDs, fails, as a kill -9 there would end it.
    await handle.db.execute(sql`
      create function refuse_demo_steel() returns trigger language plpgsql as
        $$ begin raise exception 'the seeding stops here'; end $$`);
    await handle.db.execute(sql`
      create trigger refuse_demo_steel before insert on steel_categories
        for each row execute function refuse_demo_steel()`);
    await expect(seedDemoData(handle.db)).rejects.toThrow();
    const [left] = await queryRows<{ factories: number; stove_ids: number; audits: number }>(
      handle.db,
      sql`select (select count(*)::int from factories) as factories, (select count(*)::int from stove_ids) as stove_ids,
                 (select count(*)::int from audit_log) as audits`,
    );
    expect(left).toEqual({ factories: 0, stove_ids: 0, audits: 0 });
    await handle.db.execute(sql`drop trigger refuse_demo_steel on steel_categories`);
    await handle.db.execute(sql`drop function refuse_demo_steel()`);
  }, 120_000);

  it('seeds factories, users, partners, stove IDs and the supply chain once; a second run adds nothing', async () => {
    const first = await seedDemoData(handle.db);
    expect(first.factories).toBe(3);
    expect(first.users).toBeGreaterThanOrEqual(10);
    expect(first.partners).toBeGreaterThan(0);
    expect(first.stoveIds).toBeGreaterThan(1000);
    expect(first.steelRecords).toBeGreaterThan(50);
    expect(first.ckdDocuments).toBeGreaterThan(20);
    expect(first.salesPrices).toBeGreaterThan(30);
    expect(first.stoveReports).toBeGreaterThan(10);
    expect(first.productivity).toBeGreaterThan(20);
    expect(first.inventoryEntries).toBeGreaterThan(150);
    expect(first.salesOrders).toBeGreaterThan(20);
    expect(first.calendarEvents).toBeGreaterThan(30);
    expect(first.documentationPages).toBe(8);
    expect(first.announcements).toBe(7);
    expect(await seedDemoData(handle.db)).toEqual({
      factories: 0,
      users: 0,
      partners: 0,
      stoveIds: 0,
      steelRecords: 0,
      ckdDocuments: 0,
      salesPrices: 0,
      stoveReports: 0,
      productivity: 0,
      inventoryEntries: 0,
      salesOrders: 0,
      calendarEvents: 0,
      documentationPages: 0,
      announcements: 0,
    });
  }, 120_000);

  it('gives every demo partner the default sales category of its type', async () => {
    const rows = await queryRows<{ type: string; code: string | null }>(
      handle.db,
      sql`select distinct p.type::text as type, c.code from partners p
            left join sales_categories c on c.id = p.default_sales_category_id order by 1`,
    );
    expect(rows).toEqual([
      { type: 'distributor', code: 'WHS' },
      { type: 'individual', code: 'RET' },
      { type: 'institution', code: 'INS' },
      { type: 'ngo', code: 'NGO' },
      { type: 'retailer', code: 'RET' },
    ]);
  });

  it('has months of sales orders at two factories, two canceled, two with returns, each sold ID on exactly one completed order', async () => {
    const [orders] = await queryRows<{ n: number; canceled: number; factories: number; days: number }>(
      handle.db,
      sql`select count(*)::int as n, count(*) filter (where status = 'canceled')::int as canceled,
                 count(distinct factory_id)::int as factories, (max(date) - min(date))::int as days
            from sales_orders`,
    );
    expect(orders).toMatchObject({ canceled: 2, factories: 2 });
    expect(orders?.days).toBeGreaterThan(90);
    const [returns] = await queryRows<{ n: number; stoves: number }>(
      handle.db,
      sql`select count(*)::int as n, sum(stove_count)::int as stoves from sales_returns`,
    );
    expect(returns).toEqual({ n: 2, stoves: 3 });
    // Every order's stove IDs match its lines; canceled orders' IDs and returned ones are validated again.
    const wrong = await queryRows<{ id: string }>(
      handle.db,
      sql`select o.id from sales_orders o
           where o.stove_count <> (select count(*) from sales_order_items i where i.order_id = o.id)
              or o.stove_count <> (select sum(l.quantity * l.stoves_per_package) from sales_order_lines l where l.order_id = o.id)
              or o.total <> (select sum(l.line_total) from sales_order_lines l where l.order_id = o.id)
              or exists (select 1 from sales_order_items i join stove_ids s on s.id = i.stove_id_id
                          where i.order_id = o.id
                            and not exists (select 1 from sales_return_items ri
                                             where ri.order_id = o.id and ri.stove_id_id = s.id)
                            and s.status <> case o.status when 'completed' then 'sold'::stove_id_status
                                                          else 'validated'::stove_id_status end)`,
    );
    expect(wrong).toEqual([]);
    const [unsold] = await queryRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from stove_ids where status = 'validated'`,
    );
    expect(unsold?.n).toBeGreaterThan(20);
  });

  it('has IDs in every status and transfers in every state', async () => {
    const statuses = await queryRows<{ status: string }>(handle.db, sql`select distinct status from stove_ids`);
    expect(statuses.map((r) => r.status).sort()).toEqual([...STOVE_ID_STATUSES].sort());
    const states = await queryRows<{ status: string }>(handle.db, sql`select distinct status from stove_transfers`);
    expect(states.map((r) => r.status).sort()).toEqual([...STOVE_TRANSFER_STATUSES].sort());
    const kinds = await queryRows<{ kind: string }>(handle.db, sql`select distinct kind from stove_id_batches`);
    expect(kinds.map((r) => r.kind).sort()).toEqual(['generated', 'imported']);
  });

  it('every ID’s latest history event matches its status and factory', async () => {
    const mismatches = await queryRows<{ code: string }>(
      handle.db,
      sql`select s.code
            from stove_ids s
            join lateral (select e.to_status, e.factory_id from stove_id_events e
                           where e.stove_id_id = s.id order by e.id desc limit 1) last on true
           where last.to_status <> s.status or last.factory_id <> s.factory_id`,
    );
    expect(mismatches).toEqual([]);
  });

  it('every steel, kit and inventory balance equals the sum of its ledger, and the kit days reconcile', async () => {
    const steel = await queryRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from steel_stock s
           where s.quantity <> (select coalesce(sum(delta), 0) from steel_records r
                                 where r.factory_id = s.factory_id and r.category_id = s.category_id)`,
    );
    expect(steel).toEqual([{ n: 0 }]);
    const kits = await queryRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from ckd_stock s
           where s.quantity <> (select coalesce(sum(delta), 0) from ckd_movements m
                                 where m.factory_id = s.factory_id and m.category_id = s.category_id)
              or s.quantity <> (select coalesce(sum(produced + received - sent - consumed + adjusted), 0) from ckd_daily d
                                 where d.factory_id = s.factory_id and d.category_id = s.category_id)`,
    );
    expect(kits).toEqual([{ n: 0 }]);
    const inventory = await queryRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from inventory_stock s
           where s.quantity <> (select coalesce(sum(delta), 0) from inventory_movements m
                                 where m.factory_id = s.factory_id and m.item_id = s.item_id)`,
    );
    expect(inventory).toEqual([{ n: 0 }]);
  });

  it('every coupled stove report ID was coupled by its report', async () => {
    const [row] = await queryRows<{ coupled: number; reported: number }>(
      handle.db,
      sql`select (select count(*)::int from stove_report_items i join stove_reports r on r.id = i.report_id
                   where r.status = 'submitted') as reported,
                 (select count(*)::int from stove_id_events where kind = 'coupled') as coupled`,
    );
    expect(row?.reported).toBeGreaterThan(0);
    expect(row?.coupled).toBeGreaterThanOrEqual(row?.reported ?? 0);
  });
});
