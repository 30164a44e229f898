/**
 * Sales Management overview (/sales) on the demo data (about 30 orders at NBO and MSA over five
 * months, two canceled): the Senior Sales Manager sees this month against the same days of last month, the stoves
 * ready to sell per factory (a count opens the validated stove IDs), the 30-day chart with its
 * figures, the latest orders (one opens, Back returns) and every sales screen; the MSA Factory
 * Manager sees only MSA and Sales Order; a phone stacks the cards; loading, error with retry and
 * the empty state; axe on each. Expected figures come from the API, never hard-coded.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { dayLabel } from '../src/common/calendar-days';
import { formatMoney } from '../src/common/contracts/sales';
import { salesOrderNumberLabel, type SalesOverview } from '../src/common/contracts/sales-orders';
import { changeOnLastMonth, dailySummary } from '../src/web/features/sales/components/sales-overview.model';
import { failUntilRetry, holdRequests, login, seriousViolations, signedIn } from './support';

const OVERVIEW_API = '**/api/sales/overview';

async function overviewFromApi(page: Page): Promise<SalesOverview> {
  const response = await page.request.get('/api/sales/overview');
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as SalesOverview;
}

const n = (value: number) => value.toLocaleString('en-US');

/** Opens /sales and waits for the figures. */
async function openOverview(page: Page): Promise<void> {
  await page.goto('/sales');
  await expect(page.getByRole('heading', { level: 1, name: 'Sales Management' })).toBeVisible();
  await expect(page.getByTestId('stoves-sold')).toBeVisible();
}

function card(page: Page, testId: string): Locator {
  return page.getByTestId(testId);
}

test('the Senior Sales Manager reads the month, the chart and the latest orders, and opens them', async ({ page }) => {
  test.setTimeout(180_000);
  await login(page, 'Senior Sales Manager');
  await openOverview(page);
  const data = await overviewFromApi(page);
  expect(data.recentOrders.length).toBe(8);

  // Stoves sold this month, against last month.
  const stoves = card(page, 'stoves-sold');
  await expect(stoves.getByText(n(data.thisMonth.stoves), { exact: true }).first()).toBeVisible();
  await expect(stoves).toContainText(changeOnLastMonth(data.thisMonth.stoves, data.lastMonth.stoves).text);
  await expect(stoves).toContainText(`same days last month ${n(data.lastMonth.stoves)} stove`);

  // Revenue per currency.
  const revenue = card(page, 'revenue');
  for (const r of data.thisMonth.revenue)
    await expect(revenue.getByText(formatMoney(r.amount, r.currency), { exact: true })).toBeVisible();
  for (const r of data.lastMonth.revenue)
    await expect(revenue).toContainText(`Same days last month ${formatMoney(r.amount, r.currency)}.`);

  // Orders, and the canceled ones linking to Canceled Sales.
  const orders = card(page, 'orders');
  await expect(orders.getByText(n(data.thisMonth.orders), { exact: true }).first()).toBeVisible();
  await expect(orders).toContainText(changeOnLastMonth(data.thisMonth.orders, data.lastMonth.orders).text);
  if (data.thisMonth.canceled > 0)
    await expect(orders.getByRole('link', { name: `${n(data.thisMonth.canceled)} canceled` })).toHaveAttribute(
      'href',
      '/sales/canceled-sales',
    );
  else await expect(orders).toContainText('None canceled');

  // Ready to sell: every active factory, the total on top.
  const ready = card(page, 'ready-to-sell');
  const total = data.readyToSell.reduce((sum, f) => sum + f.stoves, 0);
  await expect(ready.getByText(n(total), { exact: true }).first()).toBeVisible();
  const perFactory = ready.getByRole('list', { name: 'Ready to sell per factory' }).getByRole('listitem');
  await expect(perFactory).toHaveCount(data.readyToSell.length);
  for (const [i, f] of data.readyToSell.entries()) {
    await expect(perFactory.nth(i)).toContainText(f.factory.name);
    await expect(perFactory.nth(i)).toContainText(n(f.stoves));
  }
  expect(data.readyToSell.map((f) => f.factory.code)).toEqual(expect.arrayContaining(['NBO', 'MSA']));

  // The chart: its summary, and every day under "Show the figures".
  expect(data.daily).toHaveLength(30);
  await expect(page.getByRole('figure', { name: 'Stoves sold per day, last 30 days' })).toBeVisible();
  await expect(page.getByText(dailySummary(data.daily), { exact: true })).toBeVisible();
  await page.getByText('Show the figures').click();
  const figures = page.getByRole('table', { name: 'Stoves sold per day, last 30 days, by day' });
  await expect(figures.getByRole('row')).toHaveCount(31);
  const lastDay = data.daily[29]!;
  await expect(figures.getByRole('row', { name: dayLabel(lastDay.day) })).toContainText(n(lastDay.stoves));

  // The latest orders, newest first, with the API's figures.
  const latest = page.getByRole('table', { name: 'Latest orders' });
  const rows = latest.getByRole('row');
  await expect(rows).toHaveCount(data.recentOrders.length + 1);
  for (const [i, o] of data.recentOrders.entries()) {
    const row = rows.nth(i + 1);
    await expect(row).toContainText(salesOrderNumberLabel(o.number));
    await expect(row).toContainText(dayLabel(o.date));
    await expect(row).toContainText(o.customer.name);
    await expect(row).toContainText(o.factory.code);
    await expect(row).toContainText(formatMoney(o.total, o.currency));
    await expect(row).toContainText(o.status === 'canceled' ? 'Canceled' : 'Completed');
  }

  // Every sales screen, in a manager's order.
  const screens = page.getByRole('navigation', { name: 'Sales screens' }).getByRole('link');
  await expect(screens).toHaveCount(6);
  await expect(screens.first()).toHaveAttribute('href', '/sales/sales-order');

  expect(await seriousViolations(page)).toEqual([]);

  // A factory's count opens its validated stove IDs.
  const nbo = data.readyToSell.find((f) => f.factory.code === 'NBO')!;
  expect(nbo.stoves).toBeGreaterThan(0);
  await card(page, 'ready-to-sell')
    .getByRole('link', { name: `${n(nbo.stoves)} validated stoves at ${nbo.factory.name}: open the stove IDs` })
    .click();
  await expect(page).toHaveURL(/\/stove-id\/management\?/);
  const params = new URL(page.url()).searchParams;
  expect(params.get('status')).toBe('validated');
  expect(params.get('factoryId')).toBe(nbo.factory.id);
  await expect(page.getByRole('heading', { level: 1, name: 'Stove ID Management' })).toBeVisible();
  await expect(page.getByText(`${n(nbo.stoves)} stove ID`).first()).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/sales$/);

  // An order opens; Back returns to the overview.
  const first = data.recentOrders[0]!;
  await latest.getByRole('link', { name: salesOrderNumberLabel(first.number) }).click();
  await expect(page).toHaveURL(new RegExp(`/sales/sales-order/${first.id}$`));
  await expect(
    page.getByRole('heading', { level: 1, name: `Sales order ${salesOrderNumberLabel(first.number)}` }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Back to Sales Management' }).click();
  await expect(page).toHaveURL(/\/sales$/);
  await expect(page.getByTestId('stoves-sold')).toBeVisible();
});

test('the Factory Manager sees Mombasa only, and Sales Order as the only sales screen', async ({ page }) => {
  await login(page, 'Factory Manager');
  await openOverview(page);
  const data = await overviewFromApi(page);
  expect(data.readyToSell.map((f) => f.factory.code)).toEqual(['MSA']);
  expect(data.recentOrders.length).toBeGreaterThan(0);
  expect(new Set(data.recentOrders.map((o) => o.factory.code))).toEqual(new Set(['MSA']));

  await expect(page.getByText(/^Sales at .+ \(MSA\)/)).toBeVisible();
  const perFactory = card(page, 'ready-to-sell').getByRole('listitem');
  await expect(perFactory).toHaveCount(1);
  await expect(perFactory).toContainText(data.readyToSell[0]!.factory.name);

  // Their orders, without a factory column (all are at MSA).
  const latest = page.getByRole('table', { name: 'Latest orders' });
  await expect(latest.getByRole('columnheader', { name: 'Factory' })).toHaveCount(0);
  await expect(latest.getByRole('row')).toHaveCount(data.recentOrders.length + 1);
  for (const o of data.recentOrders)
    await expect(latest.getByRole('link', { name: salesOrderNumberLabel(o.number) })).toBeVisible();

  // The menu shows them Sales Order only: so does the overview (Canceled Sales is not offered).
  const screens = page.getByRole('navigation', { name: 'Sales screens' }).getByRole('link');
  await expect(screens).toHaveCount(1);
  await expect(screens).toHaveAttribute('href', '/sales/sales-order');
  await expect(card(page, 'orders').getByRole('link')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'New sales order' })).toHaveAttribute('href', '/sales/sales-order?new=1');

  expect(await seriousViolations(page)).toEqual([]);
});

test('on a phone the cards stack and the page stays accessible', async ({ browser }) => {
  const page = await signedIn(browser, 'Senior Sales Manager', { phone: true });
  await openOverview(page);
  const boxes = await Promise.all(
    ['stoves-sold', 'revenue', 'orders', 'ready-to-sell'].map(async (id) => {
      const box = await card(page, id).boundingBox();
      if (!box) throw new Error(`no box for ${id}`);
      return box;
    }),
  );
  for (let i = 1; i < boxes.length; i++) {
    expect(boxes[i]!.x).toBeCloseTo(boxes[0]!.x, 0);
    expect(boxes[i]!.y).toBeGreaterThanOrEqual(boxes[i - 1]!.y + boxes[i - 1]!.height);
  }
  // Nothing wider than the screen: the orders table scrolls inside its own box.
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await expect(page.getByRole('table', { name: 'Latest orders' })).toBeAttached();
  expect(await seriousViolations(page)).toEqual([]);
  await page.context().close();
});

test('loading, an error with retry, and the empty state', async ({ page }) => {
  await login(page, 'Senior Sales Manager');

  // Loading: a skeleton announced as such.
  const release = await holdRequests(page, OVERVIEW_API);
  await page.goto('/sales');
  await expect(page.getByRole('status', { name: 'Loading the sales overview' })).toBeVisible();
  release();
  await expect(page.getByTestId('stoves-sold')).toBeVisible();
  await page.unroute(OVERVIEW_API);

  // An error, then a retry that works.
  const failing = await failUntilRetry(page, OVERVIEW_API);
  await page.reload();
  const alert = page.getByRole('alert').filter({ hasText: 'Could not load the sales overview.' });
  await expect(alert).toBeVisible({ timeout: 30_000 });
  await expect(alert).toContainText('Something went wrong on the server.');
  expect(await seriousViolations(page)).toEqual([]);
  await failing.retry(alert);
  await expect(page.getByTestId('stoves-sold')).toBeVisible();
  await page.unroute(OVERVIEW_API);

  // No orders at all: the empty state offers to make one.
  const real = await overviewFromApi(page);
  const none = { orders: 0, canceled: 0, stoves: 0, revenue: [] };
  const empty: SalesOverview = {
    ...real,
    thisMonth: { ...real.thisMonth, ...none },
    lastMonth: { ...real.lastMonth, ...none },
    daily: real.daily.map((d) => ({ ...d, stoves: 0 })),
    recentOrders: [],
  };
  await page.route(OVERVIEW_API, (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(empty) }),
  );
  await page.reload();
  await expect(page.getByRole('heading', { name: 'No sales yet' })).toBeVisible();
  await expect(card(page, 'stoves-sold')).toContainText('No sales yet this month.');
  await expect(card(page, 'stoves-sold')).toContainText('None last month either');
  await expect(card(page, 'revenue')).toContainText('No revenue this month or last.');
  await expect(page.getByRole('table', { name: 'Latest orders' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Make a sales order' })).toHaveAttribute(
    'href',
    '/sales/sales-order?new=1',
  );
  expect(await seriousViolations(page)).toEqual([]);
});
