import { expect, test } from '@playwright/test';
import { login, seriousViolations } from './support';
import { createStoveIds, factoryByCode, sendTransfer } from './stove-transfers.support';

test('the login screen has no serious accessibility violation', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the 404 page has no serious accessibility violation', async ({ page }) => {
  await page.goto('/404');
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the shell, an area page and the Access Denied card have no serious accessibility violation', async ({ page }) => {
  await login(page, 'Factory Manager');
  await page.goto('/inventory/units');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/users');
  await expect(page.getByText('Access Denied')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the stove transfer pages have no serious accessibility violation', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, 'Admin');
  const nbo = await factoryByCode(page, 'NBO');
  const msa = await factoryByCode(page, 'MSA');
  const codes = await createStoveIds(page, nbo.id, 2);
  const transfer = await sendTransfer(page, { fromFactoryId: nbo.id, toFactoryId: msa.id, codes: [codes[0]!] });

  await page.goto('/stove-id/transfer');
  await page.getByLabel('Sending factory').selectOption(nbo.id);
  await page.getByLabel('Destination factory').selectOption(msa.id);
  const scan = page.getByLabel('Scan or type a stove ID');
  for (const code of [codes[1]!, codes[0]!, codes[1]!]) {
    await scan.fill(code);
    await scan.press('Enter');
  }
  await expect(page.getByText('1 eligible, 1 cannot be sent.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/stove-id/transfer-confirmations');
  await expect(page.getByRole('heading', { level: 2, name: /Pending transfers/ })).toBeVisible();
  await expect(page.getByText('Loading...')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto(`/stove-id/transfer-confirmations/${transfer.id}`);
  await page.getByRole('button', { name: 'Confirm part' }).click();
  await expect(page.getByRole('checkbox', { name: `Received ${codes[0]}` })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/stove-id/transfer-history');
  await expect(page.getByRole('table', { name: 'Stove transfers' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the stove ID management pages have no serious accessibility violation', async ({ page }) => {
  // Five pages and dialogs, each with an axe scan.
  test.setTimeout(120_000);
  await login(page, 'Admin');
  const options = (await (await page.request.get('/api/factories/options')).json()) as {
    items: { id: string; code: string }[];
  };
  const msa = options.items.find((f) => f.code === 'MSA');
  const created = await page.request.post('/api/stove-id-batches', {
    data: { factoryId: msa?.id, prefix: 'AXE', firstNumber: Date.now() % 1_000_000, count: 3, width: 7 },
  });
  expect(created.status()).toBe(201);
  const batch = (await created.json()) as { id: string; firstCode: string };

  await page.goto('/stove-id/management');
  await expect(page.getByRole('table', { name: 'Stove IDs' })).toBeVisible();
  await page.getByRole('table', { name: 'Stove IDs' }).getByRole('checkbox').nth(1).check();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Generate batch' }).first().click();
  await page
    .getByRole('dialog', { name: 'Generate batch' })
    .getByRole('button', { name: /^Generate/ })
    .click();
  await expect(page.getByRole('dialog', { name: 'Generate batch' }).getByText('Choose a factory').last()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('dialog', { name: 'Generate batch' }).getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Import IDs' }).click();
  const importing = page.getByRole('dialog', { name: 'Import IDs' });
  await importing.getByLabel('Factory').selectOption(msa?.id ?? '');
  await importing.getByLabel('Scan or type a stove ID').fill(batch.firstCode);
  await importing.getByLabel('Scan or type a stove ID').press('Enter');
  await importing.getByRole('button', { name: 'Preview' }).click();
  await expect(importing.getByRole('table', { name: 'Fix these codes before importing' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto(`/stove-id/management/${batch.firstCode}`);
  await expect(page.getByTestId('stove-id-event')).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto(`/stove-id/labels?batch=${batch.id}`);
  await expect(page.getByRole('img', { name: /^QR code of / })).toHaveCount(3);
  expect(await seriousViolations(page)).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });
  test('the open drawer has no serious accessibility violation', async ({ page }) => {
    await login(page, 'Admin');
    await page.goto('/');
    await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test('Validate Stove IDs, with verdicts, has no serious accessibility violation', async ({ page }) => {
  await login(page, 'Admin');
  await page.goto('/stove-id/validate');
  await expect(page.getByRole('heading', { level: 1, name: 'Validate Stove IDs' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('tab', { name: 'Paste' }).click();
  await page.getByLabel('Paste stove IDs').fill('LEGACY-A11Y\nSTV00000120\nnot a code!');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('button', { name: /^Validate \d/ }).click();
  await expect(page.getByRole('table', { name: 'Verdicts' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the steel pages, read only, have no serious accessibility violation', async ({ page }) => {
  await login(page, 'Senior Production Manager');
  await page.goto('/steel');
  await expect(page.getByRole('heading', { level: 1, name: 'Steel Overview' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading the steel overview' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  for (const [path, table] of [
    ['/steel/categories', 'Steel categories'],
    ['/steel/records', 'Steel records'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByTestId('data-table-total')).not.toHaveText(/Loading/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await seriousViolations(page), `${path} (${table})`).toEqual([]);
  }
});

test('Submit Production Report and the Production Overview, as first opened, have no serious accessibility violation', async ({
  page,
}) => {
  await login(page, 'Stove Coupler');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Submit Production Report' })).toBeVisible();
  await expect(page.getByText('Loading...')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/production');
  await expect(page.getByRole('heading', { level: 1, name: 'Production Overview' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Totals of the filtered reports' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('CKD Management and CKD Transfer, as a Factory Manager first opens them, have no serious accessibility violation', async ({
  page,
}) => {
  await login(page, 'Factory Manager');
  await page.goto('/ckd');
  await expect(page.getByRole('heading', { level: 1, name: 'CKD Management' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading kit stock' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/ckd/transfer');
  await expect(page.getByRole('form', { name: 'Send kits' })).toBeVisible();
  await expect(page.getByTestId('data-table-total')).not.toHaveText(/Loading/);
  expect(await seriousViolations(page)).toEqual([]);
});

test('the Daily Production Report and the productivity pages, as first opened, have no serious accessibility violation', async ({
  page,
}) => {
  await login(page, 'Senior Production Manager');
  await page.goto('/production/submit-report');
  await expect(page.getByRole('heading', { level: 1, name: 'Daily Production Report' })).toBeVisible();
  await expect(page.getByTestId('data-table-total')).not.toHaveText(/Loading/);
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/production/productivity-settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Productivity Settings' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading targets' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/production/productivity-tracker');
  await expect(page.getByRole('table', { name: 'By period' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the CKD reports, as a Factory Manager first opens them, have no serious accessibility violation', async ({
  page,
}) => {
  await login(page, 'Factory Manager');
  await page.goto('/ckd/report');
  await expect(page.getByRole('heading', { level: 1, name: 'CKD Report' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading the CKD report' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/ckd/factory-report');
  await expect(page.getByRole('table', { name: /Kits day by day/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('a confirmation and the unsaved-changes guard have no serious accessibility violation; backing out works', async ({
  page,
}) => {
  await login(page, 'Admin');
  await page.goto('/factory');
  await page.getByRole('button', { name: 'Actions for Mombasa Assembly (MSA)' }).click();
  await page.getByRole('menuitem', { name: 'Deactivate' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Deactivate Mombasa Assembly?' });
  await expect(confirm).toBeVisible();
  // Axe judges the Cancel button's contrast: it once had near-white text on white (1.04:1).
  expect(await seriousViolations(page)).toEqual([]);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('button', { name: 'Actions for Mombasa Assembly (MSA)' })).toBeVisible();

  await page.getByRole('button', { name: 'New factory' }).first().click();
  const form = page.getByRole('dialog', { name: 'New factory' });
  await form.getByLabel('Name').fill('Half typed');
  await page.keyboard.press('Escape');
  const guard = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
  await expect(guard).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await guard.getByRole('button', { name: 'Keep editing' }).click();
  await expect(form.getByLabel('Name')).toHaveValue('Half typed');
});
