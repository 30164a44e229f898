/** Validate Stove IDs (/stove-id/validate): verdicts, counts, filter, CSV, factory check, approval, access. */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { stoveCode } from '../src/common/stove-codes';
import { login } from './support';

const DENIED =
  "You don't have permission to access this page. Please contact your administrator if you believe this is an error.";

/** Upper-case letters unique to this run: a batch prefix no other test uses. */
function uniquePrefix(first: string): string {
  const stamp = (Date.now() * 1000 + Math.floor(Math.random() * 1000)).toString(26);
  return `${first}${[...stamp].map((c) => String.fromCharCode(65 + parseInt(c, 26))).join('')}`.slice(0, 12);
}

interface FactoryOption {
  id: string;
  code: string;
  name: string;
}

async function factoryByCode(page: Page, code: string): Promise<FactoryOption> {
  const res = await page.request.get('/api/factories/options');
  expect(res.status()).toBe(200);
  const { items } = (await res.json()) as { items: FactoryOption[] };
  const factory = items.find((f) => f.code === code);
  if (!factory) throw new Error(`no factory ${code}`);
  return factory;
}

/** A new batch of in-stock IDs through the API (signed in as the page's user); its codes. */
async function createBatch(page: Page, factoryId: string, count: number): Promise<string[]> {
  const prefix = uniquePrefix('V');
  const res = await page.request.post('/api/stove-id-batches', {
    data: { factoryId, prefix, firstNumber: 1, count, width: 5 },
  });
  expect(res.status(), await res.text()).toBe(201);
  return Array.from({ length: count }, (_, i) => stoveCode(prefix, 1 + i, 5));
}

/** The same number with another check digit: a typo in the last digit. */
function typo(code: string): string {
  return `${code.slice(0, -1)}${(Number(code.slice(-1)) + 1) % 10}`;
}

async function pasteCodes(page: Page, codes: string[]) {
  await page.getByRole('tab', { name: 'Paste' }).click();
  await page.getByLabel('Paste stove IDs').fill(codes.join('\n'));
  await page.getByRole('button', { name: 'Add', exact: true }).click();
}

function verdictRows(page: Page) {
  return page.getByRole('table', { name: 'Verdicts' }).locator('tbody tr');
}

test('an Admin validates a pasted list: a verdict per ID, counts that filter, CSV, factory check', async ({ page }) => {
  await login(page, 'Admin');
  const nbo = await factoryByCode(page, 'NBO');
  const msa = await factoryByCode(page, 'MSA');
  const [first = '', second = '', third = ''] = await createBatch(page, nbo.id, 3);
  const unknown = stoveCode(uniquePrefix('Q'), 4242, 5);

  await page.goto('/stove-id/validate');
  await expect(page.getByRole('heading', { level: 1, name: 'Validate Stove IDs' })).toBeVisible();
  await expect(page.getByText('No verdicts yet')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Validate / })).toBeDisabled();

  await pasteCodes(page, [first, second.toLowerCase(), first, typo(third), unknown, 'LEGACY-X1']);
  // The repeat is kept and reported, and the notice says so (not "ignored").
  await expect(page.getByText(`${first} is a repeat: it will be reported as a duplicate.`)).toBeVisible();
  await expect(page.getByText(`${first} is already in the list`)).toHaveCount(0);
  await page.getByRole('button', { name: 'Validate 6 stove IDs' }).click();

  const summary = page.getByRole('group', { name: /Verdict counts/ });
  await expect(summary.getByRole('button', { name: 'All: 6' })).toBeVisible();
  await expect(summary.getByRole('button', { name: 'In stock (not coupled): 2' })).toBeVisible();
  await expect(summary.getByRole('button', { name: 'Duplicate in the list: 1' })).toBeVisible();
  await expect(summary.getByRole('button', { name: 'Bad check digit: 1' })).toBeVisible();
  await expect(summary.getByRole('button', { name: 'Unknown ID: 2' })).toBeVisible();
  await expect(verdictRows(page)).toHaveCount(6);
  await expect(verdictRows(page).nth(0)).toContainText(first);
  await expect(verdictRows(page).nth(0)).toContainText('In stock (not coupled)');
  await expect(verdictRows(page).nth(0)).toContainText(`NBO — ${nbo.name}`);
  await expect(verdictRows(page).nth(1)).toContainText(second);
  // The repeat follows the list.
  await expect(verdictRows(page).nth(5)).toContainText('Duplicate in the list');
  // No coupled ID: nothing to approve.
  await expect(page.getByRole('button', { name: /^Approve/ })).toHaveCount(0);

  // A count filters the table; pressing it again shows all.
  const unknownCard = summary.getByRole('button', { name: 'Unknown ID: 2' });
  await unknownCard.click();
  await expect(unknownCard).toHaveAttribute('aria-pressed', 'true');
  await expect(verdictRows(page)).toHaveCount(2);
  await expect(verdictRows(page).nth(0)).toContainText(unknown);
  await expect(verdictRows(page).nth(1)).toContainText('LEGACY-X1');
  await unknownCard.click();
  await expect(verdictRows(page)).toHaveCount(6);

  // The CSV holds every verdict.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^stove-id-verdicts-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '').split('\r\n');
  expect(csv[0]).toBe('Line,Stove ID,Verdict,Verdict code,Factory code,Factory');
  expect(csv.slice(1, 7)).toEqual([
    `1,${first},In stock (not coupled),in_stock,NBO,${nbo.name}`,
    `2,${second},In stock (not coupled),in_stock,NBO,${nbo.name}`,
    `3,${typo(third)},Bad check digit,bad_check_digit,,`,
    `4,${unknown},Unknown ID,unknown,,`,
    `5,LEGACY-X1,Unknown ID,unknown,,`,
    `6,${first},Duplicate in the list,duplicate,NBO,${nbo.name}`,
  ]);

  // Checked against another factory: the IDs at NBO are at the wrong factory.
  await page.getByLabel('The IDs should be at').selectOption(msa.id);
  await expect(page.getByText(/changed since these verdicts/)).toBeVisible();
  await page.getByRole('button', { name: 'Validate 6 stove IDs' }).click();
  await expect(summary.getByRole('button', { name: 'Wrong factory: 2' })).toBeVisible();
  await expect(page.getByText(/changed since these verdicts/)).toHaveCount(0);
  await expect(page.getByText(`6 stove IDs checked against MSA — ${msa.name}.`)).toBeVisible();
});

test('an Admin approves the coupled IDs that pass, all or nothing', async ({ page }) => {
  await login(page, 'Admin');
  const res = await page.request.get('/api/stove-ids?status=coupled&limit=3&sort=code&dir=desc');
  expect(res.status()).toBe(200);
  const coupled = ((await res.json()) as { items: { code: string }[] }).items.map((i) => i.code);
  // The demo data carries coupled stoves over from the previous system.
  expect(coupled).toHaveLength(3);
  const [taken = '', ...rest] = coupled;

  await page.goto('/stove-id/validate');
  await pasteCodes(page, coupled);
  await page.getByRole('button', { name: 'Validate 3 stove IDs' }).click();
  const summary = page.getByRole('group', { name: /Verdict counts/ });
  await expect(summary.getByRole('button', { name: 'Passes (coupled): 3' })).toBeVisible();

  // Someone else approves one of them meanwhile: the approval is refused as a whole.
  const other = await page.request.post('/api/stove-ids/approve', { data: { codes: [taken] } });
  expect(other.status()).toBe(200);
  await page.getByRole('button', { name: 'Approve 3 coupled IDs' }).click();
  await page
    .getByRole('alertdialog', { name: 'Approve 3 stove IDs?' })
    .getByRole('button', { name: 'Approve' })
    .click();
  const refused = page.getByRole('alert').filter({ hasText: 'Nothing was approved' });
  await expect(refused).toContainText('1 stove ID no longer passes');
  await expect(refused.getByRole('table')).toContainText(taken);
  await expect(refused.getByRole('table')).toContainText('Already validated');
  // The verdicts were refreshed: approve the two that still pass.
  await expect(summary.getByRole('button', { name: 'Already validated: 1' })).toBeVisible();
  await page.getByRole('button', { name: 'Approve 2 coupled IDs' }).click();
  await page
    .getByRole('alertdialog', { name: 'Approve 2 stove IDs?' })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(page.getByText('2 stove IDs approved as validated')).toBeVisible();
  await expect(summary.getByRole('button', { name: 'Already validated: 3' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Approve/ })).toHaveCount(0);
  for (const code of rest) {
    const one = await page.request.get(`/api/stove-ids/${code}`);
    expect(((await one.json()) as { status: string }).status).toBe('validated');
  }
});

test('the page needs validate-stove-ids: a Factory Manager is denied, and so is its API', async ({ page }) => {
  await login(page, 'Factory Manager');
  await page.goto('/stove-id/validate');
  await expect(page.getByText(DENIED)).toBeVisible();
  const res = await page.request.post('/api/stove-ids/validate', { data: { codes: ['ABCD'] } });
  expect(res.status()).toBe(403);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });
  test('a Senior Production Manager validates a scanned ID', async ({ page }) => {
    await login(page, 'Senior Production Manager');
    await page.goto('/stove-id/validate');
    const scan = page.getByLabel('Scan or type a stove ID');
    await scan.fill('LEGACY-PHONE');
    await scan.press('Enter');
    await expect(scan).toBeFocused();
    await page.getByRole('button', { name: 'Validate 1 stove ID' }).click();
    await expect(page.getByRole('button', { name: 'Unknown ID: 1' })).toBeVisible();
    await expect(verdictRows(page)).toHaveCount(1);
  });
});
