/**
 * Carbon Programme: Sales Record and Age Cohorts (issue 26). A programme manager opens the quarter's
 * record, lists the stoves without an end user, registers one from the row's link (the form opens
 * with its stove ID), sees it complete but for its location, exports the record (CSV and XLSX);
 * a period ending before it starts is refused on the page. The cohorts table shows this month's
 * handovers. The Register end user form and the import dialog keep a draft over a reload. Axe on
 * both pages.
 */
import { expect, test } from '@playwright/test';
import { carbonQuickPeriods } from '../src/common/carbon-record-rules';
import { distributorSale, today } from './carbon.support';
import { seriousViolations, signedIn } from './support';

test('the quarter’s sales record: list the stoves without an end user, register one from its row, export', async ({
  browser,
}) => {
  const admin = await signedIn(browser, 'Admin');
  const { codes } = await distributorSale(admin, 2);
  const [c1 = '', c2 = ''] = codes;
  const quarter = carbonQuickPeriods(today())[0];
  const page = await signedIn(browser, 'Senior Sales Manager');
  await page.goto('/carbon/sales-record');
  await expect(page.getByRole('heading', { level: 1, name: 'Carbon Programme: Sales Record' })).toBeVisible();
  await expect(page.getByLabel('Period', { exact: true })).toHaveValue(quarter?.label ?? '');
  await expect(page.getByLabel('First day')).toHaveValue(quarter?.from ?? '');
  await expect(page.getByRole('table', { name: 'By month of sale' })).toBeVisible();

  await page.getByLabel('Missing', { exact: true }).selectOption({ label: 'Missing end user' });
  await page.getByRole('searchbox', { name: 'Search the sales record' }).fill(c1.slice(0, -3));
  const table = page.getByRole('table', { name: 'Sales record' });
  await expect(table.getByRole('row')).toHaveCount(3);
  expect(await seriousViolations(page)).toEqual([]);

  const csvHref = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
  expect(csvHref).toContain(`from=${quarter?.from}`);
  expect(csvHref).toContain('missing=endUser');
  const csv = await page.request.get(csvHref ?? '');
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain(c2);
  const xlsx = await page.request.get(
    (await page.getByRole('link', { name: 'Export XLSX' }).getAttribute('href')) ?? '',
  );
  expect(xlsx.status()).toBe(200);
  expect(xlsx.headers()['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');

  await table.getByRole('link', { name: `Register the end user of ${c1}` }).click();
  await expect(page).toHaveURL(/\/carbon\/end-users\?register=/);
  const dialog = page.getByRole('dialog', { name: 'Register end user' });
  await expect(dialog.getByLabel('Stove ID')).toHaveValue(c1);
  await dialog.getByLabel('Name').fill('Wanjiru Kamau');
  await dialog.getByLabel('Handover date').fill(today());
  await dialog.getByRole('button', { name: 'Register end user' }).click();
  await expect(dialog).toBeHidden();

  await page.goto(`/carbon/sales-record?q=${c1}`);
  const row = page.getByRole('table', { name: 'Sales record' }).getByRole('row').filter({ hasText: c1 });
  await expect(row).toContainText('Wanjiru Kamau');
  await expect(row).toContainText('Missing');

  // A period ending before it starts: said on the page, nothing asked of the server.
  await page.getByLabel('Last day').fill('2020-01-01');
  await expect(page.getByText('The last day is before the first')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Sales record' })).toBeHidden();
});

test('age cohorts: this month’s handovers in the field, the year total and the CSV', async ({ browser }) => {
  const admin = await signedIn(browser, 'Admin');
  await distributorSale(admin, 1);
  const page = await signedIn(browser, 'Senior Sales Manager');
  await page.goto('/carbon/cohorts');
  await expect(page.getByRole('heading', { level: 1, name: 'Carbon Programme: Age Cohorts' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Age cohorts' });
  const month = new Date(`${today()}T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', timeZone: 'UTC' });
  const year = today().slice(0, 4);
  await expect(table.getByRole('row').filter({ hasText: `${year}${month}` })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'Year total' }).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  const csv = await page.request.get('/api/carbon/cohorts/export.csv');
  expect((await csv.text()).split('\n')[0]?.trim()).toBe(
    'Year,Month,Handed over,Returned,In the field,Cumulative in the field',
  );
});

test('Register end user and Import CSV keep a draft over a reload', async ({ browser }) => {
  const page = await signedIn(browser, 'Senior Sales Manager');
  await page.goto('/carbon/end-users');
  await page.getByRole('button', { name: 'Register end user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Register end user' });
  await dialog.getByLabel('Name').fill('Draft Household');
  await dialog.getByLabel('Village').fill('Kondele');
  await page.reload();
  await page.getByRole('button', { name: 'Register end user' }).click();
  await expect(dialog.getByTestId('draft-notice')).toContainText('Restored your draft: the end user Draft Household');
  await expect(dialog.getByLabel('Name')).toHaveValue('Draft Household');
  await expect(dialog.getByLabel('Village')).toHaveValue('Kondele');
  await dialog.getByRole('button', { name: 'Discard' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Discard' }).click();
  await expect(dialog.getByLabel('Name')).toHaveValue('');

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  const importDialog = page.getByRole('dialog', { name: 'Import end users' });
  await page.getByRole('button', { name: 'Import CSV' }).click();
  await importDialog
    .getByLabel('Or paste the CSV text')
    .fill('Stove ID,Name,Handover date\nSTV00012347,Draft Family,2026-01-05');
  await page.reload();
  await page.getByRole('button', { name: 'Import CSV' }).click();
  await expect(importDialog.getByTestId('draft-notice')).toContainText('Restored your draft: 1 pasted row');
  await expect(importDialog.getByLabel('Or paste the CSV text')).toHaveValue(
    'Stove ID,Name,Handover date\nSTV00012347,Draft Family,2026-01-05',
  );
});
