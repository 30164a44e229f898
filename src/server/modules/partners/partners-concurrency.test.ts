/**
 * PostgreSQL only (PGlite runs one transaction at a time): a sales category deleted while partners
 * take it as their default. The partner's check locks the category FOR SHARE, so either the delete
 * waits and then sees the partner (409) or the delete wins and the partner is refused (400): never
 * a 500, and never a partner naming a category that is gone.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { makeSalesCategory } from '../../test/sales';
import { createTestContext, type TestContext } from '../../test/test-app';

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))("a partner's default sales category under concurrency", () => {
  let ctx: TestContext;
  let cookie: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    cookie = (await ctx.signedInAs(['Admin'])).cookie;
  });
  afterAll(async () => {
    await ctx.close();
  });

  const token = () => Array.from(randomBytes(8), (b) => String.fromCharCode(65 + (b % 26))).join('');

  it('delete racing a new partner that names the category: one of them is refused, nothing dangles (repeated)', async () => {
    for (let round = 0; round < 8; round++) {
      const category = await makeSalesCategory(ctx.handle.db);
      const name = `RACE${token()}`;
      const [created, deleted] = await Promise.all([
        ctx.request({
          method: 'POST',
          url: '/api/partners',
          cookie,
          payload: { name, type: 'retailer', defaultSalesCategoryId: category.id },
        }),
        ctx.request({ method: 'DELETE', url: `/api/sales/categories/${category.id}`, cookie }),
      ]);
      const outcome = [created.statusCode, deleted.statusCode].sort().join(' ');
      expect(['201 409', '204 400']).toContain(outcome);
      const [dangling] = await queryRows<{ n: number }>(
        ctx.handle.db,
        sql`select count(*)::int as n from partners p
             where p.default_sales_category_id is not null
               and not exists (select 1 from sales_categories c where c.id = p.default_sales_category_id)`,
      );
      expect(dangling?.n).toBe(0);
    }
  });
});
