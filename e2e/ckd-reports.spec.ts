/**
 * CKD Report and Factory CKD Report: kits produced and transferred through the API on chosen days,
 * then read on both pages (presets, custom dates, filters kept in the URL, totals, CSV export),
 * as an Admin, a Production Supervisor and a Factory Manager (their own factory only); axe and a
 * phone-size check.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { addDays, addMonths, dayLabel, monthEnd, monthStart } from '../src/common/calendar-days';
import { demoToday } from '../src/server/demo/accounts';
import type { FactoryOption } from '../src/common/contracts/factories';
import { failUntilRetry, login, seriousViolations, signedIn } from './support';
import { factoryByCode, uniquePrefix } from './stove-transfers.support';

/** Last month (on the demo company's calendar, like the page's presets): its first, 10th and last day. */
function lastMonth() {
  const first = addMonths(monthStart(demoToday()), -1);
  return { first, tenth: addDays(first, 9), eleventh: addDays(first, 10), last: monthEnd(first) };
}

interface KitWorld {
  category: { id: string; code: string; name: string };
  nbo: FactoryOption;
  msa: FactoryOption;
  ksm: FactoryOption;
}

/**
 * As the signed-in Admin on `page`: a new kit category; 50 produced at NBO on the 1st of last
 * month; on the 10th, 20 sent to MSA and 5 to KSM.
 */
async function makeKitHistory(page: Page): Promise<KitWorld> {
  const code = uniquePrefix();
  const created = await page.request.post('/api/ckd/categories', {
    data: { name: `Report kit ${code}`, code, stoveModel: `Model ${code}` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const category = (await created.json()) as KitWorld['category'];
  const [nbo, msa, ksm] = await Promise.all(['NBO', 'MSA', 'KSM'].map((c) => factoryByCode(page, c)));
  if (!nbo || !msa || !ksm) throw new Error('demo factories missing');
  const days = lastMonth();
  const produced = await page.request.post('/api/ckd/produced-records', {
    data: { date: days.first, factoryId: nbo.id, categoryId: category.id, quantity: 50 },
  });
  expect(produced.status(), await produced.text()).toBe(201);
  for (const [to, quantity] of [
    [msa, 20],
    [ksm, 5],
  ] as const) {
    const sent = await page.request.post('/api/ckd/transfers', {
      data: {
        date: days.tenth,
        fromFactoryId: nbo.id,
        toFactoryId: to.id,
        lines: [{ categoryId: category.id, quantity }],
      },
    });
    expect(sent.status(), await sent.text()).toBe(201);
  }
  return { category, nbo, msa, ksm };
}

/** The row of a table whose header cell starts with `start` (a factory code, a day, "Total"). */
function rowOf(table: Locator, start: string): Locator {
  return table.getByRole('row').filter({ has: table.page().getByRole('rowheader', { name: new RegExp(`^${start}`) }) });
}

function reportRow(page: Page, start: string): Locator {
  return rowOf(page.getByRole('table', { name: /CKD report/ }), start);
}

/** Waits until the row's figures (opening, produced, received, sent, consumed, adjusted, closing) are these. */
async function expectFigures(row: Locator, expected: string[]): Promise<void> {
  await expect
    .poll(async () => (await row.locator('td').allInnerTexts()).slice(-7).map((t) => t.trim()))
    .toEqual(expected);
}

test('an Admin reads last month per factory, then custom dates, keeps the filters in the URL and exports CSV', async ({
  page,
}) => {
  await login(page, 'Admin');
  const world = await makeKitHistory(page);
  const days = lastMonth();

  await page.goto('/ckd/report');
  await expect(page.getByRole('heading', { level: 1, name: 'CKD Report' })).toBeVisible();
  await page.getByLabel('Period').selectOption({ label: 'Last month' });
  await page.getByLabel('Kit category').selectOption(world.category.id);
  await expect(page).toHaveURL(new RegExp(`categoryId=${world.category.id}`));

  await expect(reportRow(page, 'NBO')).toHaveCount(1);
  await expectFigures(reportRow(page, 'NBO'), ['0', '50', '0', '25', '0', '0', '25']);
  await expectFigures(reportRow(page, 'MSA'), ['0', '0', '20', '0', '0', '0', '20']);
  await expectFigures(reportRow(page, 'KSM'), ['0', '0', '5', '0', '0', '0', '5']);
  await expectFigures(reportRow(page, 'Total'), ['0', '50', '25', '25', '0', '0', '50']);

  // The export link carries the same query; the file holds the same figures and the totals.
  const link = page.getByRole('link', { name: 'Export CSV' });
  const href = await link.getAttribute('href');
  expect(href).toContain(`from=${days.first}`);
  expect(href).toContain(`to=${days.last}`);
  expect(href).toContain(`categoryId=${world.category.id}`);
  const csv = await page.request.get(href ?? '');
  expect(csv.status()).toBe(200);
  const text = await csv.text();
  expect(text).toContain(`NBO,Nairobi Central Plant,${world.category.code},${world.category.name},0,50,0,25,0,0,25`);
  expect(text).toContain('Total,,,,0,50,25,25,0,0,50');

  // Reopened from the address: the same period and category.
  await page.reload();
  await expect(page.getByLabel('Period')).toHaveValue('last-month');
  await expect(page.getByLabel('Kit category')).toHaveValue(world.category.id);
  await expectFigures(reportRow(page, 'Total'), ['0', '50', '25', '25', '0', '0', '50']);

  // From the 11th: what was there is the opening now.
  await page.getByLabel('From', { exact: true }).fill(days.eleventh);
  await expect(page.getByLabel('Period')).toHaveValue('custom');
  await expect(reportRow(page, 'NBO')).toHaveCount(1);
  await expectFigures(reportRow(page, 'NBO'), ['25', '0', '0', '0', '0', '0', '25']);

  // A start after the end: said next to the date, nothing asked of the server.
  await page.getByLabel('From', { exact: true }).fill(days.last);
  await page.getByLabel('To', { exact: true }).fill(days.first);
  await expect(page.getByText('The end date must be on or after the start date')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Choose a valid period' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveCount(0);
});

test('a Production Supervisor lands on the CKD Report and sees their own factory only', async ({ page, browser }) => {
  const admin = await signedIn(browser, 'Admin');
  const world = await makeKitHistory(admin);
  await admin.context().close();

  await login(page, 'Production Supervisor');
  await page.goto('/');
  await expect(page).toHaveURL(/\/ckd\/report$/);
  await expect(page.getByRole('heading', { level: 1, name: 'CKD Report' })).toBeVisible();
  await expect(page.getByLabel('Factory', { exact: true })).toBeDisabled();
  await expect(page.getByLabel('Factory', { exact: true })).toHaveValue(world.msa.id);

  const days = lastMonth();
  await page.goto(`/ckd/report?from=${days.first}&to=${days.last}&categoryId=${world.category.id}`);
  await expect(reportRow(page, 'MSA')).toHaveCount(1);
  await expectFigures(reportRow(page, 'MSA'), ['0', '0', '20', '0', '0', '0', '20']);
  await expect(reportRow(page, 'NBO')).toHaveCount(0);
  await expect(reportRow(page, 'KSM')).toHaveCount(0);
  await expectFigures(reportRow(page, 'Total'), ['0', '0', '20', '0', '0', '0', '20']);
});

test("a Factory Manager's factory report shows their own factory day by day", async ({ page, browser }) => {
  const admin = await signedIn(browser, 'Admin');
  const world = await makeKitHistory(admin);
  await admin.context().close();

  await login(page, 'Factory Manager');
  const days = lastMonth();
  // Another factory in the address is not honoured: the page stays on the manager's own.
  await page.goto(
    `/ckd/factory-report?factoryId=${world.nbo.id}&from=${days.first}&to=${days.eleventh}&categoryId=${world.category.id}`,
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Factory CKD Report' })).toBeVisible();
  await expect(page.getByLabel('Factory', { exact: true })).toBeDisabled();
  await expect(page.getByLabel('Factory', { exact: true })).toHaveValue(world.msa.id);

  const table = page.getByRole('table', { name: /Kits day by day at Mombasa Assembly/ });
  await expect(table.getByRole('row')).toHaveCount(1 + 11 + 1);
  const row = (start: string) => rowOf(table, start);
  await expectFigures(row(dayLabel(days.first)), ['0', '0', '0', '0', '0', '0', '0']);
  await expectFigures(row(dayLabel(days.tenth)), ['0', '0', '20', '0', '0', '0', '20']);
  await expectFigures(row(dayLabel(days.eleventh)), ['20', '0', '0', '0', '0', '0', '20']);
  await expectFigures(row('Total'), ['0', '0', '20', '0', '0', '0', '20']);
  await expect(page.getByRole('heading', { name: 'Closing stock and consumption per day' })).toBeVisible();
  await expect(page.getByText(/Stock went from 0 kits at the start of .* to 20 at the end of/)).toBeVisible();

  const href = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
  expect(href).toContain(`factoryId=${world.msa.id}`);
  // The server refuses another factory's report to this manager.
  const other = await page.request.get(
    `/api/ckd/factory-report?factoryId=${world.nbo.id}&from=${days.first}&to=${days.last}`,
  );
  expect(other.status()).toBe(403);
});

test('both reports have no serious accessibility violation and fit a phone', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, 'Admin');
  const world = await makeKitHistory(page);
  const days = lastMonth();

  await page.goto(`/ckd/report?from=${days.first}&to=${days.last}&categoryId=${world.category.id}`);
  await expect(reportRow(page, 'NBO')).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto(`/ckd/factory-report?factoryId=${world.nbo.id}&from=${days.first}&to=${days.last}`);
  await expect(page.getByRole('table', { name: /Kits day by day/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.setViewportSize({ width: 390, height: 844 });
  for (const url of [
    `/ckd/report?from=${days.first}&to=${days.last}&categoryId=${world.category.id}`,
    `/ckd/factory-report?factoryId=${world.nbo.id}&from=${days.first}&to=${days.last}`,
  ]) {
    await page.goto(url);
    await expect(page.getByRole('table')).toBeVisible();
    await expect(page.getByLabel('Period')).toBeInViewport();
    // The page itself does not scroll sideways; the wide table scrolls in its own region.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }
});

test('the CKD report shows loading, then an error with a retry, and says when nothing moved', async ({ page }) => {
  await login(page, 'Admin');
  const code = uniquePrefix();
  const created = await page.request.post('/api/ckd/categories', {
    data: { name: `Unused kit ${code}`, code, stoveModel: `Model ${code}` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const unused = (await created.json()) as { id: string };

  // The first answer waits, then fails, as does the automatic retry; the server answers Retry.
  const failing = await failUntilRetry(page, '**/api/ckd/report?*', { held: true });
  await page.goto(`/ckd/report?categoryId=${unused.id}`);
  await expect(page.getByRole('status', { name: 'Loading the CKD report' })).toBeVisible();
  failing.release();
  const alert = page.getByRole('alert').filter({ hasText: 'Could not load the CKD report.' });
  await expect(alert).toContainText('Something went wrong on the server.');
  await failing.retry(alert);
  await expect(page.getByRole('heading', { name: 'No kit movements in this period' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByLabel('Kit category')).toHaveValue('');
});
