/**
 * Inventory (/inventory/*, one screen with a tab per route): an admin sets up a unit, a category
 * and an item, receives stock on a two-line input, is refused a removal of more than is in stock
 * (nothing changes), removes a valid amount, transfers to another factory and finds it in the
 * Transfer History and the Overview; the low-stock filter; a Factory Manager sees and sends only
 * from their factory; the tab follows the URL; a phone; accessibility.
 */
import { expect, test, type Page } from '@playwright/test';
import { login, seriousViolations } from './support';
import { factoryByCode } from './stove-transfers.support';
import { demoToday } from '../src/server/demo/accounts';

/** Upper-case letters unique to this run, so names never clash. */
function uniqueToken(prefix: string): string {
  const stamp = (Date.now() * 1000 + Math.floor(Math.random() * 1000)).toString(26);
  return `${prefix}${[...stamp].map((c) => String.fromCharCode(65 + parseInt(c, 26))).join('')}`;
}

async function post<T>(page: Page, path: string, data: Record<string, unknown>): Promise<T> {
  const response = await page.request.post(path, { data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as T;
}

/** A unit, a category and an item of them, made through the API of a signed-in page. */
async function createItem(page: Page, token: string, reorderLevel: number): Promise<{ id: string; name: string }> {
  const unit = await post<{ id: string }>(page, '/api/inventory/units', {
    name: `${token} pieces`,
    symbol: token.slice(-8).toLowerCase(),
    decimals: 0,
  });
  const category = await post<{ id: string }>(page, '/api/inventory/categories', { name: `${token} parts` });
  const name = `${token} gasket`;
  const item = await post<{ id: string }>(page, '/api/inventory/items', {
    name,
    categoryId: category.id,
    unitId: unit.id,
    reorderLevel,
  });
  return { id: item.id, name };
}

async function receive(page: Page, factoryId: string, itemId: string, quantity: number): Promise<void> {
  await post(page, '/api/inventory/inputs', { date: demoToday(), factoryId, lines: [{ itemId, quantity }] });
}

/** The stock of an item at a factory, from the API. */
async function stockOf(page: Page, itemId: string, factoryId: string): Promise<number> {
  const response = await page.request.get(`/api/inventory/stock?itemId=${itemId}&factoryId=${factoryId}`);
  expect(response.status()).toBe(200);
  const { items } = (await response.json()) as { items: { quantity: number }[] };
  return items[0]?.quantity ?? 0;
}

function tabs(page: Page) {
  return page.getByRole('navigation', { name: 'Inventory sections' });
}

test('an admin sets up an item, receives, removes and transfers stock, and the overview and history follow', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const token = uniqueToken('I');
  const symbol = token.slice(-6).toLowerCase();
  await login(page, 'Admin');
  const nbo = await factoryByCode(page, 'NBO');
  const msa = await factoryByCode(page, 'MSA');

  // The tab follows the URL: Units opened directly.
  await page.goto('/inventory/units');
  await expect(page.getByRole('heading', { level: 1, name: 'Inventory: Units' })).toBeVisible();
  await expect(tabs(page).getByRole('link', { name: 'Units' })).toHaveAttribute('aria-current', 'page');
  await expect(tabs(page).getByRole('link', { name: 'Overview' })).not.toHaveAttribute('aria-current', 'page');

  // A unit, through its form.
  await page.getByRole('button', { name: 'New unit' }).first().click();
  const unitForm = page.getByRole('dialog', { name: 'New unit' });
  await unitForm.getByRole('button', { name: 'Create unit' }).click();
  await expect(unitForm.getByText('Name is required')).toBeVisible();
  await unitForm.getByLabel('Name').fill(`${token} pieces`);
  await unitForm.getByLabel('Symbol').fill(symbol);
  await unitForm.getByRole('button', { name: 'Create unit' }).click();
  await expect(page.getByText(`${token} pieces created`)).toBeVisible();
  await expect(unitForm).toBeHidden();

  // A category: choosing a tab goes to its route.
  await tabs(page).getByRole('link', { name: 'Categories' }).click();
  await expect(page).toHaveURL(/\/inventory\/categories$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Inventory: Categories' })).toBeVisible();
  await page.getByRole('button', { name: 'New category' }).first().click();
  const categoryForm = page.getByRole('dialog', { name: 'New inventory category' });
  await categoryForm.getByLabel('Name').fill(`${token} parts`);
  await categoryForm.getByRole('button', { name: 'Create category' }).click();
  await expect(page.getByText(`${token} parts created`)).toBeVisible();

  // Two items: one through the form (reorder level 10), one through the API.
  await tabs(page).getByRole('link', { name: 'Names' }).click();
  await page.getByRole('button', { name: 'New item' }).first().click();
  const itemForm = page.getByRole('dialog', { name: 'New item' });
  const gasket = `${token} gasket`;
  await itemForm.getByLabel('Name').fill(gasket);
  await itemForm.getByLabel('Category').selectOption({ label: `${token} parts` });
  await itemForm.getByLabel('Unit').selectOption({ label: `${token} pieces (${symbol})` });
  await itemForm.getByLabel(`Reorder level (${symbol})`).fill('10');
  await itemForm.getByRole('button', { name: 'Create item' }).click();
  await expect(page.getByText(`${gasket} created`)).toBeVisible();
  const options = (await (await page.request.get('/api/inventory/options')).json()) as {
    items: { id: string; name: string; category: { id: string }; unit: { id: string } }[];
  };
  const gasketOption = options.items.find((i) => i.name === gasket);
  expect(gasketOption).toBeDefined();
  const gasketId = gasketOption!.id;
  const bolt = `${token} bolt`;
  await post(page, '/api/inventory/items', {
    name: bolt,
    categoryId: gasketOption!.category.id,
    unitId: gasketOption!.unit.id,
  });
  await page.getByLabel('Search items').fill(token);
  const items = page.getByRole('table', { name: 'Items' });
  await expect(items.getByRole('row')).toHaveCount(3);
  await expect(items.getByRole('row', { name: new RegExp(gasket) })).toContainText(`10 ${symbol}`);

  // Receive on a two-line input: Enter in the first line's unit cost adds the second line.
  // (A fresh load: the bolt was made outside the app.)
  await page.goto('/inventory/input');
  const input = page.getByRole('form', { name: 'Receive stock' });
  await expect(input.getByLabel('Date')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  await input.getByLabel('Factory').selectOption(nbo.id);
  await input.getByLabel('Supplier (optional)').fill('Gasket Supplies Ltd');
  await input.getByLabel('Line 1 item').selectOption({ label: `${gasket} (${symbol})` });
  await expect(input.getByText(`In stock at NBO: 0 ${symbol}.`)).toBeVisible();
  await input.getByLabel(/^Line 1 quantity/).fill('30');
  await input.getByLabel('Line 1 unit cost (optional)').fill('2.50');
  await input.getByLabel('Line 1 unit cost (optional)').press('Enter');
  await expect(input.getByLabel('Line 2 item')).toBeFocused();
  await input.getByLabel('Line 2 item').selectOption({ label: `${bolt} (${symbol})` });
  await input.getByLabel(/^Line 2 quantity/).fill('5');
  await input.getByRole('button', { name: 'Save input' }).click();
  const received = page.getByText(/^IN-\d{6}: 2 lines received at NBO$/);
  await expect(received).toBeVisible();
  const inputNumber = (await received.innerText()).slice(0, 9);
  await expect(input.getByLabel('Line 2 item')).toHaveCount(0);
  await expect(input.getByLabel('Line 1 item')).toHaveValue('');
  // Its row among the recent inputs (a parallel test's input may be newer).
  const recentInputs = page.getByRole('table', { name: 'Recent inputs' });
  await expect(recentInputs.getByRole('row', { name: new RegExp(`Open ${inputNumber}`) })).toContainText(
    `${gasket} (30 ${symbol})`,
  );

  // Remove more than is in stock: refused, listed and on the line; nothing changes.
  await tabs(page).getByRole('link', { name: 'Remove Items' }).click();
  const removal = page.getByRole('form', { name: 'Remove stock' });
  await removal.getByLabel('Factory').selectOption(nbo.id);
  await removal.getByLabel('Line 1 item').selectOption({ label: `${gasket} (${symbol})` });
  await expect(removal.getByText(`In stock at NBO: 30 ${symbol}.`)).toBeVisible();
  await removal.getByLabel(/^Line 1 quantity/).fill('50');
  await expect(removal.getByText(`Only 30 ${symbol} in stock at NBO.`)).toBeVisible();
  await removal.getByLabel('Line 1 reason').selectOption('used');
  await removal.getByRole('button', { name: 'Save removal' }).click();
  const shortage = removal.getByRole('alert', { name: 'Not enough stock' });
  await expect(shortage).toContainText('Not enough stock: nothing was saved');
  await expect(shortage).toContainText(`${gasket} at NBO`);
  await expect(
    removal.getByText(`Not enough stock: 30 ${symbol} in stock, 50 ${symbol} needed.`).first(),
  ).toBeVisible();
  expect(await stockOf(page, gasketId, nbo.id)).toBe(30);

  // A valid amount.
  await removal.getByLabel(/^Line 1 quantity/).fill('25');
  await removal.getByRole('button', { name: 'Save removal' }).click();
  await expect(page.getByText(/^RM-\d{6}: 1 line removed at NBO$/)).toBeVisible();
  await expect(shortage).toBeHidden();
  expect(await stockOf(page, gasketId, nbo.id)).toBe(5);

  // Transfer 3 to MSA.
  await tabs(page).getByRole('link', { name: 'Transfer Inventory' }).click();
  const transfer = page.getByRole('form', { name: 'Transfer stock' });
  await transfer.getByLabel('From').selectOption(nbo.id);
  await transfer.getByLabel('To').selectOption(msa.id);
  await transfer.getByLabel('Line 1 item').selectOption({ label: `${gasket} (${symbol})` });
  await transfer.getByLabel(/^Line 1 quantity/).fill('3');
  await transfer.getByRole('button', { name: 'Save transfer' }).click();
  const saved = page.getByText(/^IT-\d{6}: 1 line moved from NBO to MSA$/);
  await expect(saved).toBeVisible();
  const number = (await saved.innerText()).slice(0, 9);

  // Transfer History: filtered by the item, opened in a bookmarkable dialog.
  await tabs(page).getByRole('link', { name: 'Transfer History' }).click();
  await page.getByLabel('Item', { exact: true }).selectOption({ label: gasket });
  const history = page.getByRole('table', { name: 'Inventory transfers' });
  await expect(history.getByRole('row')).toHaveCount(2);
  await expect(history.getByRole('row').nth(1)).toContainText(`${gasket} (3 ${symbol})`);
  await history.getByRole('link', { name: `Open ${number}` }).click();
  await expect(page).toHaveURL(/[?&]entry=/);
  const detail = page.getByRole('dialog', { name: number });
  await expect(detail).toContainText('Nairobi Central Plant (NBO)');
  await expect(detail).toContainText('Mombasa Assembly (MSA)');
  await expect(detail.getByRole('table', { name: `Lines of ${number}` })).toContainText(`3 ${symbol}`);
  await page.reload();
  await expect(page.getByRole('dialog', { name: number })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page).not.toHaveURL(/entry=/);

  // The overview at both factories: 2 at NBO and 3 at MSA, both below 10; the bolt is not low.
  await tabs(page).getByRole('link', { name: 'Overview' }).click();
  await page.getByLabel('Search stock').fill(token);
  const stock = page.getByRole('table', { name: 'Stock by item and factory' });
  await expect(stock.getByRole('row')).toHaveCount(4);
  const nboRow = stock.getByRole('row', { name: new RegExp(`${gasket}.*NBO`) });
  const msaRow = stock.getByRole('row', { name: new RegExp(`${gasket}.*MSA`) });
  await expect(nboRow).toContainText(`2 ${symbol}`);
  await expect(nboRow).toContainText('Low stock');
  await expect(msaRow).toContainText(`3 ${symbol}`);
  await expect(msaRow).toContainText('Low stock');
  await expect(stock.getByRole('row', { name: new RegExp(bolt) })).not.toContainText('Low stock');

  // Low stock only: the bolt goes; the summary counts the two rows.
  // (The URL, and so the box, changes a moment after the click.)
  await page.getByRole('checkbox', { name: 'Low stock only' }).click();
  await expect(page.getByRole('checkbox', { name: 'Low stock only' })).toBeChecked();
  await expect(page).toHaveURL(/low=true/);
  await expect(stock.getByRole('row')).toHaveCount(3);
  await expect(stock.getByRole('row', { name: new RegExp(bolt) })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Summary' })).toContainText('2 stock rows');
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', /low=true/);

  // The NBO row's movement history: transfer out, removal, input.
  await page.getByRole('button', { name: `Actions for ${gasket} at NBO` }).click();
  await page.getByRole('menuitem', { name: 'Movement history' }).click();
  const movements = page.getByRole('table', { name: `Movements of ${gasket} at NBO` });
  await expect(movements.getByRole('row')).toHaveCount(4);
  await expect(movements.getByRole('row').nth(1)).toContainText(`−3 ${symbol}`);
  await expect(movements.getByRole('row').nth(3)).toContainText(`+30 ${symbol}`);
});

test('a Factory Manager sees only their factory and sends stock only from it', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, 'Admin');
  const token = uniqueToken('F');
  const item = await createItem(page, token, 0);
  const nbo = await factoryByCode(page, 'NBO');
  const msa = await factoryByCode(page, 'MSA');
  await receive(page, nbo.id, item.id, 7);
  await receive(page, msa.id, item.id, 4);
  await page.context().clearCookies();

  await login(page, 'Factory Manager');
  await page.goto(`/inventory/management?q=${encodeURIComponent(token)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Inventory: Overview' })).toBeVisible();
  const stock = page.getByRole('table', { name: 'Stock by item and factory' });
  await expect(stock.getByRole('row')).toHaveCount(2);
  await expect(stock.getByRole('row').nth(1)).toContainText('MSA');
  await expect(page.getByLabel('Factory', { exact: true })).toHaveCount(0);

  await tabs(page).getByRole('link', { name: 'Transfer Inventory' }).click();
  const transfer = page.getByRole('form', { name: 'Transfer stock' });
  await expect(transfer.getByLabel('From')).toBeDisabled();
  await expect(transfer.getByLabel('From')).toHaveValue(msa.id);
  await expect(transfer.getByLabel('From').locator('option')).toHaveCount(1);
  await expect(transfer.getByLabel('To').locator('option', { hasText: 'MSA' })).toHaveCount(0);
  await transfer.getByLabel('Line 1 item').selectOption({ label: `${item.name} (${token.slice(-8).toLowerCase()})` });
  await expect(transfer.getByText(/In stock at MSA: 4 /)).toBeVisible();

  // The server holds the line too: a transfer from another factory is refused.
  const refused = await page.request.post('/api/inventory/transfers', {
    data: { date: demoToday(), fromFactoryId: nbo.id, toFactoryId: msa.id, lines: [{ itemId: item.id, quantity: 1 }] },
  });
  expect(refused.status()).toBe(403);
});

test('on a phone the input form fits the screen and saves', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, 'Admin');
  const token = uniqueToken('P');
  const item = await createItem(page, token, 0);
  const symbol = token.slice(-8).toLowerCase();

  await page.goto('/inventory/input');
  await expect(tabs(page).getByRole('link', { name: 'Input' })).toHaveAttribute('aria-current', 'page');
  await expect(tabs(page).getByRole('link', { name: 'Input' })).toBeInViewport();
  const input = page.getByRole('form', { name: 'Receive stock' });
  await input.getByLabel('Factory').selectOption({ label: 'KSM — Kisumu Assembly' });
  await input.getByLabel('Line 1 item').selectOption({ label: `${item.name} (${symbol})` });
  await input.getByLabel(/^Line 1 quantity/).fill('1.5');
  await expect(input.getByText(/take whole numbers/)).toBeVisible();
  await input.getByLabel(/^Line 1 quantity/).fill('12');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await input.getByRole('button', { name: 'Save input' }).click();
  await expect(page.getByText(/^IN-\d{6}: 1 line received at KSM$/)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

test('the overview and a form tab have no serious accessibility violation', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, 'Admin');
  const token = uniqueToken('A');
  const item = await createItem(page, token, 10);
  const nbo = await factoryByCode(page, 'NBO');
  await receive(page, nbo.id, item.id, 3);

  await page.goto(`/inventory/management?q=${encodeURIComponent(token)}`);
  await expect(page.getByRole('table', { name: 'Stock by item and factory' }).getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('region', { name: 'Summary' })).toContainText('1 stock row');
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/inventory/remove');
  const removal = page.getByRole('form', { name: 'Remove stock' });
  await removal.getByRole('button', { name: 'Save removal' }).click();
  await expect(removal.getByLabel('Line 1 item')).toHaveAttribute('aria-invalid', 'true');
  await expect(removal.getByLabel('Line 1 reason')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('table', { name: 'Recent removals' }).or(page.getByText('Nothing yet'))).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
