/** What the carbon programme's end-to-end tests share: a distributor's sale of new stoves. */
import { expect, type Page } from '@playwright/test';
import { addDays } from '../src/common/calendar-days';
import { demoToday } from '../src/server/demo/accounts';
import { createStoveIds, factoryByCode, uniquePrefix } from './stove-transfers.support';

interface Ref {
  id: string;
  name: string;
}

export const today = () => demoToday();

async function post<T>(page: Page, url: string, data: unknown, status = 201): Promise<T> {
  const response = await page.request.post(url, { data });
  expect(response.status(), `${url}: ${await response.text()}`).toBe(status);
  return (await response.json()) as T;
}

/** A distributor that bought `count` stoves at NBO today (through the API, as the Admin). */
export async function distributorSale(admin: Page, count: number): Promise<{ distributor: Ref; codes: string[] }> {
  const token = uniquePrefix();
  const code = token.slice(-10);
  const nbo = await factoryByCode(admin, 'NBO');
  const category = await post<Ref>(admin, '/api/sales/categories', { name: `${token} Wholesale`, code: `C${code}` });
  const model = await post<Ref>(admin, '/api/ckd/categories', {
    name: `Kit G${code}`,
    code: `G${code}`,
    stoveModel: `Jiko G${code}`,
  });
  const pkg = await post<Ref>(admin, '/api/sales/packages', {
    name: `${token} Jiko`,
    code: `P${code}`,
    ckdCategoryId: model.id,
    stovesPerPackage: 1,
  });
  await post(admin, '/api/sales/prices', {
    effectiveFrom: addDays(today(), -7),
    prices: [{ packageId: pkg.id, categoryId: category.id, unitPrice: 2500 }],
  });
  const distributor = await post<Ref>(admin, '/api/partners', {
    name: `${token} Lakeside Distributors`,
    type: 'distributor',
    defaultSalesCategoryId: category.id,
  });
  await post(admin, '/api/ckd/produced-records', {
    date: today(),
    factoryId: nbo.id,
    categoryId: model.id,
    quantity: count,
  });
  const codes = await createStoveIds(admin, nbo.id, count);
  await post(admin, '/api/stove-reports', { factoryId: nbo.id, categoryId: model.id, date: today(), codes });
  await post(admin, '/api/stove-ids/approve', { codes, factoryId: nbo.id }, 200);
  await post(admin, '/api/sales/orders', {
    date: today(),
    factoryId: nbo.id,
    customerId: distributor.id,
    categoryId: category.id,
    lines: [{ packageId: pkg.id, quantity: count }],
    codes,
    buyerName: 'Lakeside depot',
  });
  return { distributor, codes };
}
