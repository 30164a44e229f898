/**
 * Steel (/steel, /steel/categories, /steel/records): an admin creates a category, receives and
 * uses steel, sees the overview follow (and the low-stock flag), and is refused when using more
 * than is in stock; a Senior Production Manager reads but does not write; accessibility; phones.
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

/** A steel category made through the API of a signed-in page. */
async function createCategory(page: Page, name: string, reorderLevel: number): Promise<string> {
  const response = await page.request.post('/api/steel/categories', { data: { name, unit: 'kg', reorderLevel } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function recordSteel(
  page: Page,
  record: { factoryId: string; categoryId: string; kind: string; quantity: number },
): Promise<void> {
  const date = demoToday();
  const response = await page.request.post('/api/steel/records', { data: { date, ...record } });
  expect(response.status(), await response.text()).toBe(201);
}

/** Fills and submits "Record movement" for the named category at NBO. */
async function recordMovement(
  page: Page,
  category: string,
  kind: string,
  quantity: string,
  extra?: () => Promise<void>,
) {
  await page.getByRole('button', { name: 'Record movement' }).first().click();
  const form = page.getByRole('dialog', { name: 'Record movement' });
  await form.getByLabel('Factory').selectOption({ label: 'NBO — Nairobi Central Plant' });
  await form.getByLabel('Steel category').selectOption({ label: category });
  await form.getByLabel('Kind').selectOption({ label: kind });
  await form.getByLabel(/^Quantity/).fill(quantity);
  await extra?.();
  await form.getByRole('button', { name: 'Record movement' }).click();
  return form;
}

test('an admin creates a category, receives and uses steel, and the overview follows', async ({ page }) => {
  test.setTimeout(120_000);
  const name = `${uniqueToken('S')} stainless 1.0 mm`;
  const option = `${name} (AISI 304 1.0 mm)`;
  await login(page, 'Admin');

  // The category, through its form.
  await page.goto('/steel/categories');
  await expect(page.getByRole('heading', { level: 1, name: 'Steel Categories' })).toBeVisible();
  await page.getByRole('button', { name: 'New category' }).first().click();
  const form = page.getByRole('dialog', { name: 'New steel category' });
  await form.getByRole('button', { name: 'Create category' }).click();
  await expect(form.getByText('Name is required')).toBeVisible();
  await expect(form.getByText('Choose kg or sheets')).toBeVisible();
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Grade / thickness').fill('AISI 304 1.0 mm');
  await form.getByLabel('Unit').selectOption('kg');
  await form.getByLabel('Reorder level').fill('100');
  await form.getByRole('button', { name: 'Create category' }).click();
  await expect(page.getByText(`${name} created`)).toBeVisible();
  await expect(form).toBeHidden();
  await page.getByLabel('Search steel categories').fill(name);
  const table = page.getByRole('table', { name: 'Steel categories' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText('0 kg');
  await expect(table.getByRole('row').nth(1)).toContainText('Low');

  // Receive 150 kg at NBO: the overview shows it, not low.
  await page.goto('/steel/records');
  await expect(page.getByRole('heading', { level: 1, name: 'Steel Records' })).toBeVisible();
  const received = await recordMovement(page, option, 'Received', '150', async () => {
    const dialog = page.getByRole('dialog', { name: 'Record movement' });
    await expect(dialog.getByLabel('Quantity (kg)')).toBeVisible();
    await dialog.getByLabel('Supplier').fill('Apex Steel Ltd');
    await dialog.getByLabel('Unit cost (per kg)').fill('485');
  });
  await expect(page.getByText(`Received: 150 kg of ${name} at NBO`)).toBeVisible();
  await expect(received).toBeHidden();
  await page.goto('/steel');
  await expect(page.getByRole('heading', { level: 1, name: 'Steel Overview' })).toBeVisible();
  const row = page
    .getByRole('table', { name: 'Stock by category and factory' })
    .getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('150 kg');
  await expect(row).not.toContainText('Low');
  await expect(page.getByRole('link', { name: `Records of ${name}` })).toHaveCount(0);

  // Use 60 kg: 90 kg < 100 kg, flagged.
  await page.goto('/steel/records');
  await recordMovement(page, option, 'Used', '60');
  await expect(page.getByText(`Used: 60 kg of ${name} at NBO`)).toBeVisible();
  await page.goto('/steel');
  await expect(row).toContainText('90 kg');
  await expect(row).toContainText('Low');
  const flagged = page
    .getByRole('list', { name: 'Categories below their reorder level' })
    .getByRole('listitem')
    .filter({ hasText: name });
  await expect(flagged).toContainText('90 kg in stock, reorder level 100 kg');
  await expect(flagged).toContainText('Below at NBO (90 kg)');

  // From the low-stock list to the category's records.
  await page.getByRole('link', { name: `Records of ${name}` }).click();
  await expect(page).toHaveURL(/\/steel\/records\?categoryId=/);
  const records = page.getByRole('table', { name: 'Steel records' });
  await expect(records.getByRole('row')).toHaveCount(3);
  await expect(records.getByRole('row').nth(1)).toContainText('−60 kg');
  await expect(records.getByRole('row').nth(2)).toContainText('+150 kg');
  await expect(records.getByRole('row').nth(2)).toContainText('Apex Steel Ltd');
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', /categoryId=/);
});

test('using more steel than is in stock is refused and nothing is recorded', async ({ page }) => {
  test.setTimeout(90_000);
  await login(page, 'Admin');
  const name = `${uniqueToken('U')} mild sheet`;
  const categoryId = await createCategory(page, name, 0);
  const nbo = await factoryByCode(page, 'NBO');
  await recordSteel(page, { factoryId: nbo.id, categoryId, kind: 'received', quantity: 80 });

  await page.goto(`/steel/records?categoryId=${categoryId}`);
  const records = page.getByRole('table', { name: 'Steel records' });
  await expect(records.getByRole('row')).toHaveCount(2);
  const refused = await recordMovement(page, name, 'Used', '500');
  await expect(refused.getByText('Not enough steel: 80 kg in stock, 500 kg needed.')).toBeVisible();
  await expect(page.getByText('Could not record the movement')).toBeVisible();
  await expect(refused).toBeVisible();
  await refused.getByRole('button', { name: 'Cancel' }).click();
  await page
    .getByRole('alertdialog', { name: 'Discard unsaved changes?' })
    .getByRole('button', { name: 'Discard changes' })
    .click();
  await expect(refused).toBeHidden();
  await expect(records.getByRole('row')).toHaveCount(2);
});

test('a Senior Production Manager sees the steel but cannot change categories or record steel', async ({ page }) => {
  await login(page, 'Admin');
  const name = `${uniqueToken('R')} rod 8 mm`;
  const categoryId = await createCategory(page, name, 10);
  const nbo = await factoryByCode(page, 'NBO');
  await recordSteel(page, { factoryId: nbo.id, categoryId, kind: 'received', quantity: 25 });
  await page.context().clearCookies();

  await login(page, 'Senior Production Manager');
  await page.goto('/steel');
  await expect(page.getByRole('heading', { level: 1, name: 'Steel Overview' })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Stock by category and factory' }).getByRole('row', { name: new RegExp(name) }),
  ).toContainText('25 kg');

  await page.goto(`/steel/categories?q=${encodeURIComponent(name)}`);
  const table = page.getByRole('table', { name: 'Steel categories' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'New category' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Actions for ${name}` })).toHaveCount(0);

  await page.goto(`/steel/records?categoryId=${categoryId}`);
  await expect(page.getByRole('table', { name: 'Steel records' }).getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Record movement' })).toHaveCount(0);
  const refused = await page.request.post('/api/steel/records', {
    data: { date: demoToday(), factoryId: nbo.id, categoryId, kind: 'used', quantity: 1 },
  });
  expect(refused.status()).toBe(403);
});

test('the steel pages have no serious accessibility violation', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, 'Admin');
  const name = `${uniqueToken('A')} galvanised 0.8 mm`;
  const categoryId = await createCategory(page, name, 500);
  const nbo = await factoryByCode(page, 'NBO');
  await recordSteel(page, { factoryId: nbo.id, categoryId, kind: 'received', quantity: 300 });
  await recordSteel(page, { factoryId: nbo.id, categoryId, kind: 'used', quantity: 45.5 });

  await page.goto('/steel');
  await expect(page.getByRole('table', { name: 'Stock by category and factory' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Steel used per month (kg)' })).toBeVisible();
  await page.getByText('Show the figures').first().click();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/steel/categories');
  await expect(page.getByRole('table', { name: 'Steel categories' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'New category' }).first().click();
  await page
    .getByRole('dialog', { name: 'New steel category' })
    .getByRole('button', { name: 'Create category' })
    .click();
  await expect(page.getByText('Name is required')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto(`/steel/records?categoryId=${categoryId}`);
  await expect(page.getByRole('table', { name: 'Steel records' }).getByRole('row')).toHaveCount(3);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Record movement' }).first().click();
  const form = page.getByRole('dialog', { name: 'Record movement' });
  await form.getByLabel('Kind').selectOption('received');
  await expect(form.getByLabel('Supplier')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('on a phone the steel pages fit the screen and a movement can be recorded', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, 'Admin');
  const name = `${uniqueToken('P')} flat bar`;
  const categoryId = await createCategory(page, name, 0);
  const nbo = await factoryByCode(page, 'NBO');
  await recordSteel(page, { factoryId: nbo.id, categoryId, kind: 'received', quantity: 60 });

  await page.goto('/steel');
  await expect(page.getByRole('table', { name: 'Stock by category and factory' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  await page.goto(`/steel/records?categoryId=${categoryId}`);
  const cards = page.getByRole('list', { name: 'Steel records' }).getByRole('listitem');
  await expect(cards).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  const form = await recordMovement(page, name, 'Scrap', '2.5');
  await expect(page.getByText(`Scrap: 2.5 kg of ${name} at NBO`)).toBeVisible();
  await expect(form).toBeHidden();
  await expect(cards).toHaveCount(2);
});
