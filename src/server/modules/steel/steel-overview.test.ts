/**
 * Steel overview API: stock per category and factory, categories whose total stock is below
 * their reorder level (and the factories below it), usage (used + scrap + CKD production) per
 * month for the last 12 months; factory scope; steel-management only.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SteelOverview } from '../../../common/contracts/steel';
import { queryRows } from '../../db/client';
import { giveSteel, makeCkdCategory, makeSteelCategory } from '../../test/production';
import { createTestContext, type TestContext } from '../../test/test-app';
import { recordSteelMovements, type NewSteelRecord } from './steel-ledger.repository';
import { lastMonths } from './steel-overview.service';

describe('lastMonths', () => {
  it('gives the 12 months ending with the current one, oldest first, across a year end', () => {
    expect(lastMonths(new Date('2026-02-15T10:00:00Z'))).toEqual([
      '2025-03',
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
    expect(lastMonths(new Date('2026-12-31T23:59:59Z'), 2)).toEqual(['2026-11', '2026-12']);
    // 00:30 on 1 January in Nairobi is still December in UTC: the factory's calendar decides.
    expect(lastMonths(new Date('2026-12-31T21:30:00Z'), 2, 'Africa/Nairobi')).toEqual(['2026-12', '2027-01']);
  });
});

describe('GET /api/steel/overview', () => {
  let ctx: TestContext;
  let adminCookie: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    adminCookie = (await ctx.signedInAs(['Admin'])).cookie;
  });
  afterAll(async () => {
    await ctx.close();
  });

  const letters = () => Array.from(randomBytes(8), (b) => String.fromCharCode(65 + (b % 26))).join('');
  /** The 10th of the month `back` months before this one (UTC). */
  const monthDay = (back: number) => {
    const now = new Date();
    return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 10)).toISOString().slice(0, 10);
  };
  const overview = async (query = '', cookie = adminCookie) => {
    const res = await ctx.request({ method: 'GET', url: `/api/steel/overview${query}`, cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<SteelOverview>();
  };
  const move = async (records: Omit<NewSteelRecord, 'createdBy'>[]) => {
    const posted = await recordSteelMovements(
      ctx.handle.db,
      records.map((r) => ({ ...r, createdBy: null })),
    );
    expect(posted.ok).toBe(true);
  };

  /** Two plants, three categories: one low in total, one fine, one inactive holding stock, one inactive empty. */
  async function world() {
    const token = letters();
    const [nbo, msa] = [await ctx.makeFactory({ kind: 'plant' }), await ctx.makeFactory({ kind: 'plant' })];
    const low = await makeSteelCategory(ctx.handle.db, { name: `${token} A low`, reorderLevel: 500 });
    const fine = await makeSteelCategory(ctx.handle.db, { name: `${token} B fine`, reorderLevel: 100, unit: 'sheet' });
    const retired = await makeSteelCategory(ctx.handle.db, { name: `${token} C retired`, reorderLevel: 50 });
    const gone = await makeSteelCategory(ctx.handle.db, { name: `${token} D gone`, reorderLevel: 50 });
    await giveSteel(ctx.handle.db, { factoryId: nbo.id, categoryId: low.id, quantity: 450, date: monthDay(14) });
    await giveSteel(ctx.handle.db, { factoryId: msa.id, categoryId: low.id, quantity: 30, date: monthDay(3) });
    await giveSteel(ctx.handle.db, { factoryId: nbo.id, categoryId: fine.id, quantity: 300, date: monthDay(3) });
    await giveSteel(ctx.handle.db, { factoryId: msa.id, categoryId: fine.id, quantity: 60, date: monthDay(3) });
    await giveSteel(ctx.handle.db, { factoryId: nbo.id, categoryId: retired.id, quantity: 20, date: monthDay(3) });
    await ctx.handle.db.execute(
      sql`update steel_categories set active = false where id in (${retired.id}, ${gone.id})`,
    );
    const kit = await makeCkdCategory(ctx.handle.db, { usage: [{ steelCategoryId: low.id, quantityPerKit: 2 }] });
    const [produced] = await queryRows<{ id: string }>(
      ctx.handle.db,
      sql`insert into ckd_produced_records (date, factory_id, category_id, quantity)
          values (${monthDay(0)}, ${nbo.id}, ${kit.id}, 5) returning id`,
    );
    const base = { categoryId: low.id, factoryId: nbo.id };
    await move([
      { ...base, kind: 'used', quantity: 40, date: monthDay(13) }, // older than 12 months: not on the trend
      { ...base, kind: 'used', quantity: 25, date: monthDay(11) },
      { ...base, kind: 'used', quantity: 12.5, date: monthDay(2) },
      { ...base, kind: 'scrap', quantity: 1.5, date: monthDay(2) },
      { ...base, kind: 'adjustment', quantity: -3, date: monthDay(2) }, // a correction, not usage
      { ...base, kind: 'ckd_production', quantity: 10, date: monthDay(0), producedRecordId: produced?.id ?? null },
      { categoryId: fine.id, factoryId: msa.id, kind: 'used', quantity: 7, date: monthDay(0) },
    ]);
    return { token, nbo, msa, low, fine, retired, gone };
  }

  it('shows stock per category and factory, flags low totals and the factories below, and the usage trend', async () => {
    const w = await world();
    const result = await overview();
    const mine = result.categories.filter((c) => c.name.startsWith(w.token));
    expect(mine.map((c) => c.name)).toEqual([w.low.name, w.fine.name, w.retired.name]);
    const [low, fine, retired] = mine;
    // low: NBO 450 - 40 - 25 - 12.5 - 1.5 - 3 - 10 = 358, MSA 30: 388 < 500.
    expect(low).toMatchObject({ unit: 'kg', reorderLevel: 500, total: 388, belowReorder: true });
    expect(low?.stock).toHaveLength(2);
    expect(low?.stock).toEqual(
      expect.arrayContaining([
        { factoryId: w.nbo.id, quantity: 358, belowReorder: true },
        { factoryId: w.msa.id, quantity: 30, belowReorder: true },
      ]),
    );
    // fine: 300 + 53 = 353 ≥ 100, but MSA alone is below.
    expect(fine).toMatchObject({ unit: 'sheet', total: 353, belowReorder: false });
    expect(fine?.stock.find((s) => s.factoryId === w.msa.id)).toEqual({
      factoryId: w.msa.id,
      quantity: 53,
      belowReorder: true,
    });
    // Inactive categories are listed while they hold stock, never flagged.
    expect(retired).toMatchObject({ active: false, total: 20, belowReorder: false });
    expect(result.factories.map((f) => f.id)).toEqual(expect.arrayContaining([w.nbo.id, w.msa.id]));

    expect(result.usage.months).toHaveLength(12);
    const series = result.usage.series.filter((s) => s.name.startsWith(w.token));
    expect(series.map((s) => s.name)).toEqual([w.low.name, w.fine.name]);
    const lowUsage = series[0]?.quantities ?? [];
    expect(lowUsage[0]).toBe(25); // 11 months ago
    expect(lowUsage[9]).toBe(14); // 2 months ago: used 12.5 + scrap 1.5 (the adjustment is not usage)
    expect(lowUsage[11]).toBe(10); // this month: CKD production
    expect(lowUsage.reduce((a, b) => a + b, 0)).toBe(49);
    expect(series[1]?.quantities[11]).toBe(7);
  });

  it('narrows to one factory when a global user asks', async () => {
    const w = await world();
    const result = await overview(`?factoryId=${w.msa.id}`);
    expect(result.factories.map((f) => f.id)).toEqual([w.msa.id]);
    const mine = result.categories.filter((c) => c.name.startsWith(w.token));
    expect(mine.map((c) => [c.name, c.total, c.belowReorder])).toEqual([
      [w.low.name, 30, true],
      [w.fine.name, 53, true],
    ]);
    expect(result.usage.series.filter((s) => s.name.startsWith(w.token)).map((s) => s.name)).toEqual([w.fine.name]);
  });

  it('keeps a factory-scoped user (granted steel-management) on their own factory, whatever they ask', async () => {
    await ctx.handle.db.execute(
      sql`insert into group_permissions (group_name, component) values ('Factory Manager', 'steel-management')
          on conflict do nothing`,
    );
    try {
      const w = await world();
      const { cookie } = await ctx.signedInAs(['Factory Manager'], { factoryId: w.msa.id });
      const result = await overview(`?factoryId=${w.nbo.id}`, cookie);
      expect(result.factories.map((f) => f.id)).toEqual([w.msa.id]);
      expect(JSON.stringify(result)).not.toContain(w.nbo.id);
      const mine = result.categories.filter((c) => c.name.startsWith(w.token));
      expect(mine.map((c) => c.total)).toEqual([30, 53]);
    } finally {
      await ctx.handle.db.execute(
        sql`delete from group_permissions where group_name = 'Factory Manager' and component = 'steel-management'`,
      );
    }
  });

  it('answers the Senior Production Manager and Supervisor; refuses others (403) and a bad factory id (400)', async () => {
    for (const group of ['Senior Production Manager', 'Senior Production Supervisor'] as const) {
      const { cookie } = await ctx.signedInAs([group]);
      await overview('', cookie);
    }
    for (const group of ['Factory Manager', 'Production Manager', 'Sales Manager'] as const) {
      const { cookie } = await ctx.signedInAs([group]);
      const res = await ctx.request({ method: 'GET', url: '/api/steel/overview', cookie });
      expect(res.statusCode, group).toBe(403);
    }
    const bad = await ctx.request({ method: 'GET', url: '/api/steel/overview?factoryId=NBO', cookie: adminCookie });
    expect(bad.statusCode).toBe(400);
  });
});
