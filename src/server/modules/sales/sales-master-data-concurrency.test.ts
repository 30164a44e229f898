/**
 * PostgreSQL only (PGlite runs one transaction at a time): sales master data under races. Two
 * creates of the same name or code: one wins, the other gets the same 409 on the field as the
 * check gives. A package deleted or deactivated while a price list names it: either the list is
 * refused (400, nothing written) or the delete is (409), never a price on a missing or inactive package.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utcToday } from '../../../common/calendar-days';
import { queryRows } from '../../db/client';
import { makeSalesCategory, makeSalesPackage } from '../../test/sales';
import { createTestContext, type TestContext } from '../../test/test-app';

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('sales master data under concurrency', () => {
  let ctx: TestContext;
  let cookie: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    cookie = (await ctx.signedInAs(['Admin'])).cookie;
  });
  afterAll(async () => {
    await ctx.close();
  });

  const letters = () => Array.from(randomBytes(8), (b) => String.fromCharCode(65 + (b % 26))).join('');
  const request = (method: 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
    ctx.request({ method, url, cookie, ...(payload ? { payload } : {}) });

  it('two categories racing for one name: one is created, the other gets 409 on the name', async () => {
    for (let round = 0; round < 5; round++) {
      const name = `${letters()} Retail`;
      const answers = await Promise.all(
        [letters(), letters()].map((code) => request('POST', '/api/sales/categories', { name, code })),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
      const refused = answers.find((a) => a.statusCode === 409);
      expect(
        refused?.json<{ error: { details: { fieldErrors: Record<string, string[]> } } }>().error.details.fieldErrors
          .name,
      ).toHaveLength(1);
    }
  });

  it('two packages racing for one code: one is created, the other gets 409 on the code', async () => {
    const { ckdCategoryId } = await makeSalesPackage(ctx.handle.db);
    for (let round = 0; round < 5; round++) {
      const code = letters();
      const answers = await Promise.all(
        [letters(), letters()].map((name) => request('POST', '/api/sales/packages', { name, code, ckdCategoryId })),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
      const refused = answers.find((a) => a.statusCode === 409);
      expect(
        refused?.json<{ error: { details: { fieldErrors: Record<string, string[]> } } }>().error.details.fieldErrors
          .code,
      ).toHaveLength(1);
    }
  });

  it('a package deleted or deactivated while a price list names it: exactly one of the two goes through', async () => {
    const category = await makeSalesCategory(ctx.handle.db);
    for (const change of ['delete', 'deactivate'] as const) {
      for (let round = 0; round < 5; round++) {
        const pkg = await makeSalesPackage(ctx.handle.db);
        const [list, other] = await Promise.all([
          request('POST', '/api/sales/prices', {
            effectiveFrom: utcToday(new Date()),
            prices: [{ packageId: pkg.id, categoryId: category.id, unitPrice: 100 }],
          }),
          change === 'delete'
            ? request('DELETE', `/api/sales/packages/${pkg.id}`)
            : request('POST', `/api/sales/packages/${pkg.id}/deactivate`),
        ]);
        const [row] = await queryRows<{ prices: number; active: boolean | null }>(
          ctx.handle.db,
          sql`select (select count(*)::int from sales_prices where package_id = ${pkg.id}) as prices,
                     (select active from sales_packages where id = ${pkg.id}) as active`,
        );
        if (change === 'delete') {
          // The list first: the delete is refused; the delete first: the list is refused.
          expect([
            [201, 409],
            [400, 204],
          ]).toContainEqual([list.statusCode, other.statusCode]);
          expect(row?.prices).toBe(list.statusCode === 201 ? 1 : 0);
        } else {
          // A deactivation may follow a list (both pass) but never precede a price being written.
          expect([
            [201, 200],
            [400, 200],
          ]).toContainEqual([list.statusCode, other.statusCode]);
          expect(row?.active).toBe(false);
          expect(row?.prices).toBe(list.statusCode === 201 ? 1 : 0);
        }
      }
    }
  });
});
