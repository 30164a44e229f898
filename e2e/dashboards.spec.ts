/**
 * The dashboards on the demo data: the Admin lands on /admin-dashboard and reads every factory's
 * figures, narrows them to one factory with the filter (kept in the address), opens a card's
 * screen; the MSA Factory Manager lands on /factory-dashboard and sees MSA only; a phone stacks the
 * cards; loading and error with retry; axe on each. Expected figures come from the API, never
 * hard-coded.
 */
import { expect, test, type Page } from '@playwright/test';
import { formatMoney } from '../src/common/contracts/sales';
import type { Dashboard } from '../src/common/contracts/dashboards';
import { transferNumberLabel } from '../src/common/contracts/stove-ids';
import { failUntilRetry, holdRequests, login, seriousViolations } from './support';

const n = (value: number) => value.toLocaleString('en-US');

async function fromApi(page: Page, url: string): Promise<Dashboard> {
  const response = await page.request.get(url);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Dashboard;
}

/** The cards show the API's figures. */
async function expectCards(page: Page, d: Dashboard): Promise<void> {
  const coupled = page.getByTestId('coupled');
  await expect(coupled.getByText(n(d.coupled.today), { exact: true })).toBeVisible();
  await expect(coupled).toContainText(`${n(d.coupled.thisMonth)} stove`);
  const sold = page.getByTestId('sold');
  await expect(sold.getByText(n(d.sold.today), { exact: true })).toBeVisible();
  await expect(sold).toContainText(`${n(d.sold.thisMonth)} stove`);
  const revenue = page.getByTestId('revenue');
  for (const r of d.revenue) await expect(revenue.getByText(formatMoney(r.amount, r.currency))).toBeVisible();
  await expect(
    page.getByTestId('pending-transfers').getByText(n(d.pendingTransfers.total), { exact: true }),
  ).toBeVisible();
}

test('the Admin reads every factory, narrows to one with the filter, and opens a card’s screen', async ({ page }) => {
  test.setTimeout(180_000);
  await login(page, 'Admin');
  await page.goto('/');
  await expect(page).toHaveURL(/\/admin-dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const all = await fromApi(page, '/api/dashboards/admin');
  expect(all.scope).toBe('all');
  await expectCards(page, all);

  // Kit stock: a row per factory, and the demo's three factories among them.
  const kits = page.getByRole('table', { name: 'Kits in stock per factory and CKD category' });
  for (const row of all.kitStock.rows)
    await expect(kits.getByRole('rowheader', { name: new RegExp(row.factory.code) })).toBeVisible();
  // Pending transfers: the latest, by number.
  const pending = page.getByTestId('pending-transfers-list');
  for (const t of all.pendingTransfers.latest)
    await expect(pending.getByText(transferNumberLabel(t.number))).toBeVisible();
  // Low stock: the demo's late deliveries end below their reorder level.
  expect(all.lowInventory.total).toBeGreaterThan(0);
  for (const r of all.lowInventory.rows)
    await expect(page.getByRole('table', { name: 'Inventory below reorder level' })).toContainText(r.item.name);
  for (const r of all.lowSteel.rows)
    await expect(page.getByRole('table', { name: 'Steel below reorder level' })).toContainText(r.category.name);
  // The trends: 30 days each.
  await expect(page.getByRole('heading', { name: 'Stoves coupled per day, last 30 days' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Stoves sold per day, last 30 days' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Narrow to Mombasa: the address keeps it and the figures are Mombasa's.
  const msa = all.kitStock.rows.find((r) => r.factory.code === 'MSA')?.factory;
  if (!msa) throw new Error('no MSA in the demo');
  await page.getByRole('combobox', { name: 'Factory' }).selectOption({ label: `MSA — ${msa.name}` });
  await expect(page).toHaveURL(new RegExp(`factoryId=${msa.id}`));
  const one = await fromApi(page, `/api/dashboards/admin?factoryId=${msa.id}`);
  await expect(page.getByText(`${msa.name} (MSA) today`)).toBeVisible();
  await expectCards(page, one);
  await expect(kits.getByRole('row')).toHaveCount(2);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Factory' })).toHaveValue(msa.id);

  // A card opens its screen: the pending transfers card → Transfer Confirmations.
  await page.getByRole('link', { name: /Pending stove transfers: open Transfer confirmations/ }).click();
  await expect(page).toHaveURL(/\/stove-id\/transfer-confirmations$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Transfer Confirmations' })).toBeVisible();
});

test(
  'the Factory Manager lands on the factory dashboard and sees Mombasa only',
  { tag: '@smoke' },
  async ({ page }) => {
    test.setTimeout(120_000);
    await login(page, 'Factory Manager');
    await page.goto('/');
    await expect(page).toHaveURL(/\/factory-dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Factory Dashboard' })).toBeVisible();
    const mine = await fromApi(page, '/api/dashboards/factory');
    expect(mine).toMatchObject({ scope: 'factory', factory: { code: 'MSA' } });
    await expect(page.getByText('Mombasa Assembly (MSA) today')).toBeVisible();
    await expectCards(page, mine);
    await expect(page.getByRole('combobox', { name: 'Factory' })).toHaveCount(0);
    const kits = page.getByRole('table', { name: 'Kits in stock per factory and CKD category' });
    await expect(kits.getByRole('row')).toHaveCount(mine.kitStock.rows.length + 1);
    await expect(kits).not.toContainText('NBO');
    // The admin dashboard is not theirs.
    expect((await page.request.get('/api/dashboards/admin')).status()).toBe(403);
    // The production screens the menu does not list are linked from here.
    const screens = page.getByRole('navigation', { name: 'Production screens' });
    await expect(screens.getByRole('link')).toHaveText([
      'Submit Production Report',
      'Production Overview',
      'Daily Production Report',
    ]);
    // The sold card opens Sales Order (the sales screen a Factory Manager has).
    await page.getByRole('link', { name: /Stoves sold today: open Sales/ }).click();
    await expect(page).toHaveURL(/\/sales\/sales-order$/);
    await page.goBack();
    await screens.getByRole('link', { name: 'Production Overview' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Production Overview' })).toBeVisible();
  },
);

test('on a phone the cards stack and the page is axe-clean; loading, then an error with retry', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, 'Factory Manager');
  await page.goto('/');
  await expect(page.getByTestId('coupled')).toBeVisible();
  const [first, second] = [
    await page.getByTestId('coupled').boundingBox(),
    await page.getByTestId('sold').boundingBox(),
  ];
  expect(second && first ? second.y > first.y : false).toBe(true);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);

  // Loading: the skeleton until the figures arrive.
  const release = await holdRequests(page, '**/api/dashboards/factory');
  await page.reload();
  await expect(page.getByRole('status', { name: 'Loading the dashboard' })).toBeVisible();
  release();
  await expect(page.getByTestId('coupled')).toBeVisible();
  await page.unroute('**/api/dashboards/factory');

  // An error: the message and Retry, which reads again.
  const failing = await failUntilRetry(page, '**/api/dashboards/factory');
  await page.reload();
  const alert = page.getByRole('alert').filter({ hasText: 'Could not load the dashboard.' });
  await expect(alert).toBeVisible({ timeout: 30_000 });
  await expect(alert).toContainText('Something went wrong on the server.');
  await failing.retry(alert);
  await expect(page.getByTestId('coupled')).toBeVisible();

  // A Factory Manager's account without a factory: the notice, no figures.
  await page.unroute('**/api/dashboards/factory');
  const real = await fromApi(page, '/api/dashboards/factory');
  const none: Dashboard = {
    ...real,
    scope: 'none',
    factory: null,
    notice: 'Your account has no factory, so there is nothing to show here.',
  };
  await page.route('**/api/dashboards/factory', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(none) }),
  );
  await page.reload();
  await expect(page.getByRole('heading', { name: 'No factory assigned' })).toBeVisible();
  await expect(page.getByText(none.notice ?? '')).toBeVisible();
  await expect(page.getByTestId('coupled')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
});
