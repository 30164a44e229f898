/**
 * Sales master data (/sales/categories, /sales/packages, /sales/price-allocation): an admin creates
 * a category and a package, sets two prices in one save and sees them in the grid, corrects one,
 * and withdraws a scheduled price; a Factory Manager may allocate prices (spec §6) while a Sales
 * Officer is denied the packages; accessibility; the grid on a phone.
 */
import { expect, test, type Page } from '@playwright/test';
import { addDays, dayLabel } from '../src/common/calendar-days';
import { login, seriousViolations } from './support';
import { demoToday } from '../src/server/demo/accounts';

/** Upper-case letters unique to this run, so names and codes never clash. */
function uniqueToken(prefix: string): string {
  const stamp = (Date.now() * 1000 + Math.floor(Math.random() * 1000)).toString(26);
  return `${prefix}${[...stamp].map((c) => String.fromCharCode(65 + parseInt(c, 26))).join('')}`;
}

/** A day relative to today on the demo company's calendar (Nairobi), the server's and the app's today. */
const day = (offset: number) => addDays(demoToday(), offset);

async function createCategory(page: Page, name: string, code: string): Promise<string> {
  const response = await page.request.post('/api/sales/categories', { data: { name, code } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function stoveModelId(page: Page, code: string): Promise<string> {
  const response = await page.request.get('/api/ckd/categories/options');
  expect(response.status()).toBe(200);
  const { items } = (await response.json()) as { items: { id: string; code: string }[] };
  const model = items.find((i) => i.code === code);
  if (!model) throw new Error(`no CKD category ${code}`);
  return model.id;
}

async function createPackage(page: Page, name: string, code: string): Promise<string> {
  const response = await page.request.post('/api/sales/packages', {
    data: { name, code, ckdCategoryId: await stoveModelId(page, 'JPS'), stovesPerPackage: 1 },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function setPrice(page: Page, effectiveFrom: string, packageId: string, categoryId: string, unitPrice: number) {
  const response = await page.request.post('/api/sales/prices', {
    data: { effectiveFrom, prices: [{ packageId, categoryId, unitPrice }] },
  });
  expect(response.status(), await response.text()).toBe(201);
}

const grid = (page: Page) => page.getByRole('table', { name: /^Prices in force on/ });
const cell = (page: Page, pkg: string, category: string) =>
  page.getByRole('button', { name: `History of ${pkg} for ${category}` });

test('an admin creates a category and a package, sets two prices in one save, corrects one', async ({ page }) => {
  test.setTimeout(180_000);
  const token = uniqueToken('E');
  const categoryName = `${token} Market traders`;
  const otherCategory = `${token} Dealers`;
  const packageName = `${token} Jiko bundle`;
  await login(page, 'Admin');

  // A category through its form (a taken code is refused next to the field).
  await page.goto('/sales/categories');
  await expect(page.getByRole('heading', { level: 1, name: 'Sales Categories' })).toBeVisible();
  await page.getByRole('button', { name: 'New category' }).first().click();
  const categoryForm = page.getByRole('dialog', { name: 'New sales category' });
  await categoryForm.getByRole('button', { name: 'Create category' }).click();
  await expect(categoryForm.getByText('Name is required')).toBeVisible();
  await categoryForm.getByLabel('Name').fill(categoryName);
  await categoryForm.getByLabel('Code').fill('ret');
  await categoryForm.getByRole('button', { name: 'Create category' }).click();
  await expect(
    categoryForm.getByText('The code RET is already used by another sales category.', { exact: false }),
  ).toBeVisible();
  await categoryForm.getByLabel('Code').fill(token.slice(0, 10));
  await categoryForm.getByRole('button', { name: 'Create category' }).click();
  await expect(page.getByText(`${categoryName} created`)).toBeVisible();
  await expect(categoryForm).toBeHidden();
  await createCategory(page, otherCategory, `${token.slice(0, 10)}-D`);

  // A package through its form.
  await page.goto('/sales/packages');
  await expect(page.getByRole('heading', { level: 1, name: 'Sales Packages' })).toBeVisible();
  await page.getByRole('button', { name: 'New package' }).first().click();
  const packageForm = page.getByRole('dialog', { name: 'New sales package' });
  await packageForm.getByLabel('Name').fill(packageName);
  await packageForm.getByLabel('Code').fill(`${token.slice(0, 10)}-B`);
  await packageForm.getByLabel('Stove model').selectOption({ label: 'Jiko Poa Standard (JPS)' });
  await packageForm.getByLabel('Stoves per package').fill('2');
  await packageForm.getByLabel('Extra items (optional)').fill('2 cooking pots');
  await packageForm.getByRole('button', { name: 'Create package' }).click();
  await expect(page.getByText(`${packageName} created`)).toBeVisible();
  await page.getByLabel('Search sales packages').fill(token);
  const packages = page.getByRole('table', { name: 'Sales packages' });
  await expect(packages.getByRole('row')).toHaveCount(2);
  await expect(packages.getByRole('row').nth(1)).toContainText('Jiko Poa Standard');
  await expect(packages.getByRole('row').nth(1)).toContainText('2 cooking pots');

  // Two prices from today, in one save, after the summary.
  await page.goto('/sales/price-allocation');
  await expect(page.getByRole('heading', { level: 1, name: 'Price Allocation' })).toBeVisible();
  await expect(cell(page, packageName, categoryName)).toContainText('No price');
  await page.getByRole('button', { name: 'New prices' }).click();
  await expect(page.getByLabel('Effective from')).toHaveValue(day(0));
  await expect(page.getByLabel('Currency')).toHaveValue('KES');
  await page.getByLabel(`Price of ${packageName} for ${categoryName}`).fill('7,250');
  await page.getByLabel(`Price of ${packageName} for ${otherCategory}`).fill('6500.5');
  await expect(page.getByText('2 prices changed.')).toBeVisible();
  await page.getByRole('button', { name: 'Review and save' }).click();
  const summary = page.getByRole('dialog', { name: 'Save 2 prices?' });
  await expect(summary.getByRole('row')).toHaveCount(3);
  await expect(summary.getByRole('row', { name: new RegExp(categoryName) })).toContainText('KES 7,250.00');
  await summary.getByRole('button', { name: 'Save 2 prices' }).click();
  await expect(page.getByText(`2 prices set from ${dayLabel(day(0))}`)).toBeVisible();
  await expect(summary).toBeHidden();
  await expect(cell(page, packageName, categoryName)).toContainText('KES 7,250.00');
  await expect(cell(page, packageName, otherCategory)).toContainText('KES 6,500.50');

  // A same-day correction: the grid shows it, the history keeps both.
  await page.getByRole('button', { name: 'New prices' }).click();
  const input = page.getByLabel(`Price of ${packageName} for ${categoryName}`);
  await expect(input).toHaveValue('7250');
  await input.fill('-5');
  await page.getByRole('button', { name: 'Review and save' }).click();
  await expect(page.getByText('A price cannot be negative')).toBeVisible();
  await expect(input).toBeFocused();
  await input.fill('7200');
  await page.getByLabel('Note (optional)').fill('Typo in the launch list');
  await page.getByRole('button', { name: 'Review and save' }).click();
  await page.getByRole('dialog', { name: 'Save 1 price?' }).getByRole('button', { name: 'Save 1 price' }).click();
  await expect(page.getByText(`1 price set from ${dayLabel(day(0))}`)).toBeVisible();
  await expect(cell(page, packageName, categoryName)).toContainText('KES 7,200.00');
  await cell(page, packageName, categoryName).click();
  const sheet = page.getByRole('dialog', { name: `${packageName} · ${categoryName}` });
  const entries = sheet.getByRole('list', { name: 'Price history' }).getByRole('listitem');
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText('KES 7,200.00');
  await expect(entries.nth(0)).toContainText('In force');
  await expect(entries.nth(0)).toContainText('Typo in the launch list');
  await expect(entries.nth(1)).toContainText('KES 7,250.00');
  await expect(entries.nth(1)).toContainText('Superseded');
  await expect(entries.nth(1)).toContainText('corrected the same day');
  await page.keyboard.press('Escape');

  // The whole history, filtered, with its export.
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page).toHaveURL(/view=history/);
  await page.getByLabel('Search prices').fill(token);
  await expect(page.getByRole('table', { name: 'Price history' }).getByRole('row')).toHaveCount(4);
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', /q=/);
});

test('a scheduled price shows as next in the grid and can be withdrawn', async ({ page }) => {
  test.setTimeout(120_000);
  const token = uniqueToken('W');
  const categoryName = `${token} Schools`;
  const packageName = `${token} Institutional`;
  await login(page, 'Admin');
  const categoryId = await createCategory(page, categoryName, token.slice(0, 10));
  const packageId = await createPackage(page, packageName, `${token.slice(0, 10)}-I`);
  await setPrice(page, day(-10), packageId, categoryId, 60_000);
  await setPrice(page, day(5), packageId, categoryId, 64_000);

  await page.goto('/sales/price-allocation');
  const priced = cell(page, packageName, categoryName);
  await expect(priced).toContainText('KES 60,000.00');
  await expect(priced).toContainText(`from ${dayLabel(day(5))}: KES 64,000.00`);

  // On a past day the grid shows what was in force then.
  await page.getByLabel('Prices in force on', { exact: true }).fill(day(-3));
  await expect(page).toHaveURL(new RegExp(`date=${day(-3)}`));
  await expect(grid(page)).toBeVisible();
  await expect(priced).toContainText('KES 60,000.00');
  await page.getByRole('button', { name: 'Today' }).click();

  await priced.click();
  const sheet = page.getByRole('dialog', { name: `${packageName} · ${categoryName}` });
  const entries = sheet.getByRole('list', { name: 'Price history' }).getByRole('listitem');
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText('Scheduled');
  await expect(entries.nth(1).getByRole('button', { name: /Withdraw/ })).toHaveCount(0);
  await entries
    .nth(0)
    .getByRole('button', { name: /Withdraw/ })
    .click();
  const confirm = page.getByRole('alertdialog', { name: 'Withdraw this scheduled price?' });
  await confirm.getByRole('button', { name: 'Withdraw' }).click();
  await expect(page.getByText(`Price from ${dayLabel(day(5))} withdrawn`)).toBeVisible();
  await expect(entries).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(priced).toContainText('KES 60,000.00');
  await expect(priced).not.toContainText('from');
});

test('a Factory Manager may allocate prices; a Sales Officer is denied the packages', async ({ page }) => {
  await login(page, 'Factory Manager');
  await page.goto('/sales/price-allocation');
  await expect(page.getByRole('heading', { level: 1, name: 'Price Allocation' })).toBeVisible();
  await expect(cell(page, 'Jiko Poa single', 'Retail')).toContainText('KES');
  await expect(page.getByRole('button', { name: 'New prices' })).toBeEnabled();
  await page.context().clearCookies();

  await login(page, 'Sales Officer');
  await page.goto('/sales/packages');
  await expect(page.getByText('Access Denied')).toBeVisible();
  expect((await page.request.get('/api/sales/packages')).status()).toBe(403);
});

test('the price grid and the packages list have no serious accessibility violation', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, 'Admin');
  await page.goto('/sales/price-allocation');
  await expect(cell(page, 'Jiko Poa single', 'Retail')).toContainText('KES');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'New prices' }).click();
  await expect(page.getByLabel('Price of Jiko Poa single for Retail')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Cancel' }).click();

  await page.goto('/sales/packages');
  await expect(page.getByRole('table', { name: 'Sales packages' }).getByRole('row').first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Sales packages' })).toContainText('Jiko Poa dealer pack');
  expect(await seriousViolations(page)).toEqual([]);
});

test('on a phone the grid scrolls sideways with the package column kept in view', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, 'Admin');
  await page.goto('/sales/price-allocation');
  const single = cell(page, 'Jiko Poa single', 'Retail');
  await expect(single).toContainText('KES');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  const region = page.getByRole('region', { name: /^Prices in force on/ });
  expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  const rowHeader = grid(page).getByRole('rowheader', { name: /Jiko Poa single/ });
  await rowHeader.scrollIntoViewIfNeeded();
  await region.evaluate((el) => el.scrollBy({ left: 2000 }));
  expect(await region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  await expect(rowHeader).toBeInViewport();
  expect(await rowHeader.evaluate((el) => getComputedStyle(el).position)).toBe('sticky');
});
