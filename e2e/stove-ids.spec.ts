/**
 * Stove ID Management (/stove-id/management): generate a batch with progress, search by prefix, one ID's
 * history, import with problems, void with a reason, label sheets, a bookmarked filtered list, 404.
 */
import { expect, test, type Page } from '@playwright/test';
import { stoveCode } from '../src/common/stove-codes';
import { login } from './support';

/** Upper-case letters unique to this run: a batch prefix no other test uses. */
function uniquePrefix(first: string): string {
  const letters = Array.from({ length: 7 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26)));
  return `${first}${letters.join('')}`;
}

function stoveIdsTable(page: Page) {
  return page.getByRole('table', { name: 'Stove IDs' });
}

async function factoryId(page: Page, code: string): Promise<string> {
  const response = await page.request.get('/api/factories/options');
  expect(response.status()).toBe(200);
  const { items } = (await response.json()) as { items: { id: string; code: string }[] };
  const factory = items.find((f) => f.code === code);
  if (!factory) throw new Error(`no factory ${code}`);
  return factory.id;
}

interface CreatedBatch {
  id: string;
  number: number;
  firstCode: string;
  lastCode: string;
}

/** A batch made through the API (the screens are tested elsewhere in this file). */
async function createBatch(page: Page, factory: string, prefix: string, count: number): Promise<CreatedBatch> {
  const response = await page.request.post('/api/stove-id-batches', {
    data: { factoryId: await factoryId(page, factory), prefix, firstNumber: 1, count, width: 6 },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as CreatedBatch;
}

function batchLabel(number: number): string {
  return `B-${String(number).padStart(6, '0')}`;
}

test('an Admin generates a batch with a progress bar, finds it by its prefix and opens an ID with its history', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const prefix = uniquePrefix('G');
  const first = stoveCode(prefix, 1, 7);
  const last = stoveCode(prefix, 12_000, 7);
  await login(page, 'Admin');
  await page.goto('/stove-id/management');
  await expect(page.getByRole('heading', { level: 1, name: 'Stove ID Management' })).toBeVisible();

  await page.getByRole('button', { name: 'Generate batch' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Generate batch' });
  await dialog.getByRole('button', { name: /^Generate/ }).click();
  await expect(dialog.getByLabel('Factory')).toHaveAttribute('aria-invalid', 'true');
  await expect(
    dialog.getByText('A prefix is 1-12 characters of A-Z, 0-9 and -, starting with a letter', { exact: true }),
  ).toBeVisible();
  await dialog.getByLabel('Factory').selectOption({ label: 'MSA — Mombasa Assembly' });
  await dialog.getByLabel('Prefix').fill(prefix.toLowerCase());
  await dialog.getByLabel('First number').fill('1');
  await dialog.getByLabel('Count').fill('12000');
  await dialog.getByLabel('Width').fill('7');
  const preview = dialog.getByTestId('batch-preview');
  await expect(preview).toContainText(first);
  await expect(preview).toContainText(last);
  await expect(preview).toContainText('12,000');

  // Every value the progress bar shows, as the server streams its progress.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { progressSeen: string[] }).progressSeen = seen;
    new MutationObserver(() => {
      const value = document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow');
      if (value && seen.at(-1) !== value) seen.push(value);
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  await dialog.getByRole('button', { name: 'Generate 12,000 IDs' }).click();
  await expect(page.getByText(/^Batch B-\d{6}: 12,000 IDs created$/)).toBeVisible({ timeout: 40_000 });
  await expect(dialog).toBeHidden();
  const seen = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
  expect(seen[0]).toBe('0');
  expect(seen.some((v) => Number(v) > 0 && Number(v) < 100)).toBe(true);
  // The list shows the new batch's IDs, and only them.
  await expect(page).toHaveURL(/\/stove-id\/management\?batchId=[0-9a-f-]{36}$/);
  await expect(page.getByTestId('data-table-total')).toHaveText(/^(12,000|10,000\+) stove IDs$/);
  await expect(stoveIdsTable(page).getByRole('row').nth(1)).toContainText(prefix);

  await page.getByLabel('Search stove IDs').fill(prefix);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${prefix}`));
  const table = stoveIdsTable(page);
  await expect(table.getByRole('row').nth(1)).toContainText(first);
  await expect(table.getByRole('row').nth(1)).toContainText('In stock');
  await expect(table.getByRole('row').nth(1)).toContainText('MSA');
  await expect(page.getByTestId('data-table-total')).toHaveText(/^(12,000|10,000\+) stove IDs$/);

  await table.getByRole('link', { name: first }).click();
  await expect(page).toHaveURL(`/stove-id/management/${first}`);
  await expect(page.getByRole('heading', { level: 1, name: first })).toBeVisible();
  const summary = page.getByTestId('stove-id-summary');
  await expect(summary).toContainText('MSA Mombasa Assembly');
  await expect(summary).toContainText(/B-\d{6}/);
  const events = page.getByTestId('stove-id-event');
  await expect(events).toHaveCount(1);
  await expect(events.first()).toContainText('Created');
  await expect(events.first()).toContainText('In stock');
  await expect(events.first()).toContainText(/Batch\s*B-\d{6}/);
});

test('generating codes that already exist lists them and creates nothing', async ({ page }) => {
  const prefix = uniquePrefix('X');
  await login(page, 'Admin');
  const batch = await createBatch(page, 'NBO', prefix, 3);
  await page.goto('/stove-id/management');
  await page.getByRole('button', { name: 'Generate batch' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Generate batch' });
  await dialog.getByLabel('Factory').selectOption({ label: 'NBO — Nairobi Central Plant' });
  await dialog.getByLabel('Prefix').fill(prefix);
  await dialog.getByLabel('First number').fill('3');
  await dialog.getByLabel('Count').fill('5');
  await dialog.getByLabel('Width').fill('6');
  await dialog.getByRole('button', { name: 'Generate 5 IDs' }).click();
  const problems = dialog.getByRole('table', { name: 'These codes already exist: nothing was created' });
  await expect(problems).toContainText(batch.lastCode);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page
    .getByRole('alertdialog', { name: 'Discard unsaved changes?' })
    .getByRole('button', { name: 'Discard changes' })
    .click();

  await page.getByLabel('Search stove IDs').fill(prefix);
  await expect(page.getByTestId('data-table-total')).toHaveText('3 stove IDs');
});

test('the next free number of a prefix is offered, and a new number clears the old collisions', async ({ page }) => {
  const prefix = uniquePrefix('N');
  await login(page, 'Admin');
  const batch = await createBatch(page, 'NBO', prefix, 3);
  await page.goto('/stove-id/management');
  await page.getByRole('button', { name: 'Generate batch' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Generate batch' });
  await dialog.getByLabel('Factory').selectOption({ label: 'NBO — Nairobi Central Plant' });
  await dialog.getByLabel('Width').fill('6');
  await dialog.getByLabel('Prefix').fill(prefix);
  // Not typed yet: the first number is the next free one.
  await expect(dialog.getByText(`Next free number: 4 (after ${batch.lastCode}).`)).toBeVisible();
  await expect(dialog.getByLabel('First number')).toHaveValue('4');
  await dialog.getByLabel('First number').fill('2');
  await dialog.getByLabel('Count').fill('5');
  await dialog.getByRole('button', { name: 'Generate 5 IDs' }).click();
  const problems = dialog.getByRole('table', { name: 'These codes already exist: nothing was created' });
  await expect(problems).toContainText(batch.lastCode);
  await dialog.getByRole('button', { name: 'Start at 4' }).click();
  await expect(problems).toBeHidden();
  await dialog.getByRole('button', { name: 'Generate 5 IDs' }).click();
  await expect(page.getByText(/^Batch B-\d{6}: 5 IDs created$/)).toBeVisible();
  await expect(page).toHaveURL(/\?batchId=/);
  await expect(page.getByTestId('data-table-total')).toHaveText('5 stove IDs');
  await expect(stoveIdsTable(page).getByRole('row').nth(1)).toContainText(stoveCode(prefix, 4, 6));
});

test(
  'an import with a repeated, an existing and a malformed code is previewed, blocked, fixed and imported',
  { tag: '@smoke' },
  async ({ page }) => {
    const prefix = uniquePrefix('I');
    await login(page, 'Admin');
    const existing = await createBatch(page, 'KSM', prefix, 1);
    const fresh = `${prefix}-NEW-1`;
    await page.goto('/stove-id/management');
    await page.getByRole('button', { name: 'Import IDs' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import IDs' });
    await dialog.getByLabel('Factory').selectOption({ label: 'KSM — Kisumu Assembly' });
    await dialog.getByRole('tab', { name: 'Paste' }).click();
    await dialog
      .getByLabel('Paste stove IDs')
      .fill(`${fresh.toLowerCase()}\n${fresh}\n${existing.firstCode}\nBAD!CODE`);
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(dialog.getByText(`Added 3 stove IDs. ${fresh} is already in the list.`)).toBeVisible();

    await expect(dialog.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await expect(dialog.getByTestId('import-preview-summary')).toContainText(
      '3 codes checked: 1 valid, 2 with problems',
    );
    const problems = dialog.getByRole('table', { name: 'Fix these codes before importing' });
    await expect(problems.getByRole('row')).toHaveCount(3);
    await expect(problems).toContainText(existing.firstCode);
    await expect(problems).toContainText('BAD!CODE');
    await expect(dialog.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();

    await dialog.getByRole('button', { name: 'Remove the codes with problems from the list' }).click();
    await expect(dialog.getByText('The list or the factory changed: preview again.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await expect(dialog.getByTestId('import-preview-summary')).toHaveText('1 code checked: all 1 can be imported.');
    await dialog.getByRole('button', { name: 'Import 1 ID' }).click();
    await expect(page.getByText(/^Batch B-\d{6}: 1 ID imported$/)).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.getByLabel('Search stove IDs').fill(fresh);
    const table = stoveIdsTable(page);
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('row').nth(1)).toContainText(fresh);
    await expect(table.getByRole('row').nth(1)).toContainText('KSM');
    await expect(table.getByRole('row').nth(1)).toContainText('(import)');
  },
);

test('selected IDs are voided with a reason after a confirmation; the ID shows its status and history', async ({
  page,
}) => {
  const prefix = uniquePrefix('V');
  await login(page, 'Admin');
  const batch = await createBatch(page, 'MSA', prefix, 3);
  const second = stoveCode(prefix, 2, 6);
  await page.goto(`/stove-id/management?q=${prefix}`);
  const table = stoveIdsTable(page);
  await expect(table.getByRole('row')).toHaveCount(4);
  await table.getByRole('checkbox', { name: `Select ${second}` }).check();
  await page.getByRole('region', { name: 'Selected rows' }).getByRole('button', { name: 'Void selected' }).click();

  const dialog = page.getByRole('dialog', { name: 'Void IDs' });
  await expect(dialog.getByRole('list', { name: 'Stove IDs to void: newest first' })).toContainText(second);
  await dialog.getByRole('button', { name: 'Void 1 ID' }).click();
  await expect(dialog.getByText('A reason is required')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Label torn during assembly');
  await dialog.getByRole('button', { name: 'Void 1 ID' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Void 1 ID?' });
  await expect(confirm).toContainText('Label torn during assembly');
  await confirm.getByRole('button', { name: 'Void', exact: true }).click();
  await expect(page.getByText('1 ID voided')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(table.getByRole('row', { name: new RegExp(second) })).toContainText('Void');
  await expect(table.getByRole('row', { name: new RegExp(batch.firstCode) })).toContainText('In stock');

  await table.getByRole('link', { name: second }).click();
  await expect(page.getByRole('heading', { level: 1, name: second })).toBeVisible();
  await expect(page.getByTestId('stove-id-summary')).toContainText('Label torn during assembly');
  const events = page.getByTestId('stove-id-event');
  await expect(events).toHaveCount(2);
  await expect(events.nth(0)).toContainText('Created');
  await expect(events.nth(1)).toContainText('Voided');
  await expect(events.nth(1)).toContainText('In stock');
  await expect(events.nth(1)).toContainText('Void');
  await expect(page.getByRole('button', { name: 'Void' })).toHaveCount(0);

  // A void ID cannot be voided again: the refusal names it and its reason.
  await page.goto(`/stove-id/management/${batch.firstCode}`);
  await page.getByRole('button', { name: 'Void' }).click();
  const again = page.getByRole('dialog', { name: 'Void IDs' });
  await again.getByRole('tab', { name: 'Scan' }).click();
  await again.getByLabel('Scan or type a stove ID').fill(second);
  await again.getByLabel('Scan or type a stove ID').press('Enter');
  await again.getByLabel('Reason').fill('Lost');
  await again.getByRole('button', { name: 'Void 2 IDs' }).click();
  await page
    .getByRole('alertdialog', { name: 'Void 2 IDs?' })
    .getByRole('button', { name: 'Void', exact: true })
    .click();
  await expect(again.getByRole('table', { name: 'Nothing was voided' })).toContainText(second);
  await expect(again).toBeVisible();
});

test('the label sheet of a batch and of a selection shows each code as text and QR code, ready to print', async ({
  page,
}) => {
  const prefix = uniquePrefix('L');
  await login(page, 'Admin');
  const batch = await createBatch(page, 'NBO', prefix, 30);
  await page.goto('/stove-id/management');
  await page.getByRole('button', { name: 'Batches' }).click();
  const batches = page.getByRole('dialog', { name: 'Batches' });
  await batches.getByRole('link', { name: `Print labels of ${batchLabel(batch.number)}` }).click();
  await expect(page).toHaveURL(`/stove-id/labels?batch=${batch.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`Batch ${batchLabel(batch.number)}`);
  const labels = page.getByTestId('stove-label');
  await expect(labels).toHaveCount(30);
  await expect(page.getByRole('region', { name: 'Page 2 of 2' })).toBeVisible();
  await expect(labels.first()).toContainText(batch.firstCode);
  await expect(labels.last()).toContainText(batch.lastCode);
  await expect(page.getByRole('img', { name: /^QR code of / })).toHaveCount(30);
  await expect(page.getByRole('img', { name: `QR code of ${batch.firstCode}` }).locator('path')).toHaveAttribute(
    'd',
    /^M\d+ \d+h\d+/,
  );
  const print = page.getByRole('button', { name: 'Print' });
  await expect(print).toBeEnabled();

  // Printed: the labels only, without the sidebar, header and buttons.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeHidden();
  await expect(page.getByTestId('header-greeting')).toBeHidden();
  await expect(print).toBeHidden();
  await expect(labels.first()).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  // A selection in the list.
  await page.goto(`/stove-id/management?q=${prefix}`);
  const table = stoveIdsTable(page);
  await table.getByRole('checkbox', { name: `Select ${batch.firstCode}` }).check();
  await table.getByRole('checkbox', { name: `Select ${stoveCode(prefix, 2, 6)}` }).check();
  await page.getByRole('button', { name: 'Print labels for selected' }).click();
  await expect(page).toHaveURL(/\/stove-id\/labels\?codes=/);
  await expect(labels).toHaveCount(2);
  await expect(page.getByRole('img', { name: `QR code of ${stoveCode(prefix, 2, 6)}` })).toBeVisible();
});

test('a filtered list can be bookmarked and reopened as it was, with its export', async ({ page, context }) => {
  const prefix = uniquePrefix('B');
  await login(page, 'Admin');
  await createBatch(page, 'KSM', prefix, 5);
  await page.goto('/stove-id/management');
  await page.getByLabel('Search stove IDs').fill(prefix);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${prefix}`));
  await page.getByLabel('Factory').selectOption({ label: 'KSM — Kisumu Assembly' });
  await expect(page).toHaveURL(/[?&]factoryId=/);
  await page.getByLabel('Status').selectOption('in_stock');
  await expect(page).toHaveURL(/[?&]status=in_stock/);
  const table = stoveIdsTable(page);
  await table.getByRole('button', { name: 'Stove ID', exact: true }).click();
  await expect(page).toHaveURL(/[?&]dir=desc/);
  await expect(table.getByRole('row').nth(1)).toContainText(stoveCode(prefix, 5, 6));

  const bookmark = page.url();
  const reopened = await context.newPage();
  await reopened.goto(bookmark);
  const again = stoveIdsTable(reopened);
  await expect(reopened.getByLabel('Search stove IDs')).toHaveValue(prefix);
  await expect(reopened.getByLabel('Status')).toHaveValue('in_stock');
  await expect(reopened.getByLabel('Factory')).toHaveValue(await factoryId(page, 'KSM'));
  await expect(again.getByRole('columnheader', { name: 'Stove ID' })).toHaveAttribute('aria-sort', 'descending');
  await expect(again.getByRole('row')).toHaveCount(6);
  await expect(again.getByRole('row').nth(1)).toContainText(stoveCode(prefix, 5, 6));
  await expect(reopened.getByTestId('data-table-total')).toHaveText('5 stove IDs');

  const href = (await reopened.getByRole('link', { name: 'Export CSV' }).getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/api\/stove-ids\/export\.csv\?/);
  const exported = await reopened.request.get(href);
  expect(exported.status()).toBe(200);
  const text = await exported.text();
  expect(text.indexOf(stoveCode(prefix, 5, 6))).toBeLessThan(text.indexOf(stoveCode(prefix, 1, 6)));
  expect(text.trim().split(/\r?\n/)).toHaveLength(6);
});

test('an unknown code shows a not-found page', async ({ page }) => {
  await login(page, 'Admin');
  await page.goto('/stove-id/management/NOPE-0000');
  await expect(page.getByRole('heading', { level: 1, name: 'Stove ID not found' })).toBeVisible();
  await expect(page.getByText('There is no stove ID NOPE-0000')).toBeVisible();
});

test('a Factory Manager works on their own factory only', async ({ page }) => {
  await login(page, 'Factory Manager');
  await page.goto('/stove-id/management');
  await expect(page.getByRole('heading', { level: 1, name: 'Stove ID Management' })).toBeVisible();
  await expect(page.getByLabel('Factory')).toHaveCount(0);
  await page.getByRole('button', { name: 'Generate batch' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Generate batch' });
  await expect(dialog.getByLabel('Factory')).toBeDisabled();
  await expect(dialog.getByLabel('Factory')).toContainText('MSA — Mombasa Assembly');
});

test('a Stove Coupler (no stove-id-management) sees Access Denied on every stove ID screen', async ({ page }) => {
  await login(page, 'Stove Coupler');
  for (const path of ['/stove-id/management', '/stove-id/management/STV00000013', '/stove-id/labels?codes=A000']) {
    await page.goto(path);
    await expect(page.getByText('Access Denied')).toBeVisible();
  }
});
