/**
 * Stove reports: a Stove Coupler (MSA, on a phone) scans stove IDs, sees each one's eligibility and
 * the kits in stock, submits, and the IDs are coupled; a bad code blocks Submit with its reason and
 * a report refused by the server names the ID; an ID reported elsewhere turns ineligible live; a
 * Factory Manager voids a report (the IDs are in stock again) while the coupler cannot, and is
 * offered no Void once an ID is validated; the
 * overview filters and totals; axe on each page.
 */
import { expect, test, type Page } from '@playwright/test';
import { stoveReportNumberLabel, type StoveReport } from '../src/common/contracts/production';
import { holdLiveUpdates, LIVE, seriousViolations, signedIn } from './support';
import { createStoveIds, factoryByCode, uniquePrefix } from './stove-transfers.support';
import { addDays } from '../src/common/calendar-days';
import { demoToday } from '../src/server/demo/accounts';

interface Model {
  id: string;
  code: string;
  stoveModel: string;
}

/**
 * A new stove model with `kits` kits at a factory (as an Admin, through the CKD API): the kits are
 * produced at the NBO plant and, for another factory, transferred there.
 */
async function modelWithKits(admin: Page, factoryCode: string, kits: number): Promise<Model> {
  const code = `E${uniquePrefix().slice(-8)}`;
  const stoveModel = `Jiko ${code}`;
  const created = await admin.request.post('/api/ckd/categories', {
    data: { name: `Kit ${code}`, code, stoveModel },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const nbo = await factoryByCode(admin, 'NBO');
  const date = demoToday();
  const produced = await admin.request.post('/api/ckd/produced-records', {
    data: { date, factoryId: nbo.id, categoryId: id, quantity: kits },
  });
  expect(produced.status(), await produced.text()).toBe(201);
  if (factoryCode !== 'NBO') {
    const to = await factoryByCode(admin, factoryCode);
    const moved = await admin.request.post('/api/ckd/transfers', {
      data: { fromFactoryId: nbo.id, toFactoryId: to.id, lines: [{ categoryId: id, quantity: kits }], date },
    });
    expect(moved.status(), await moved.text()).toBe(201);
  }
  return { id, code, stoveModel };
}

async function submitReport(page: Page, factoryId: string, model: Model, codes: string[]): Promise<StoveReport> {
  const response = await page.request.post('/api/stove-reports', {
    data: { factoryId, categoryId: model.id, date: demoToday(), codes },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as StoveReport;
}

async function scan(page: Page, codes: string[]): Promise<void> {
  const field = page.getByLabel('Scan or type a stove ID');
  for (const code of codes) {
    await field.fill(code);
    await field.press('Enter');
  }
}

const codeList = (page: Page) => page.getByRole('list', { name: 'Stove IDs coupled: newest first' });

test(
  'a Stove Coupler on a phone scans IDs, sees them eligible, submits; the IDs are coupled',
  { tag: '@smoke' },
  async ({ browser }) => {
    test.setTimeout(120_000);
    const admin = await signedIn(browser, 'Admin');
    const msa = await factoryByCode(admin, 'MSA');
    const model = await modelWithKits(admin, 'MSA', 5);
    const codes = await createStoveIds(admin, msa.id, 3);

    const coupler = await signedIn(browser, 'Stove Coupler', { phone: true });
    await coupler.goto('/');
    // The coupler lands on the report form.
    await expect(coupler).toHaveURL(/\/production\/stove-report$/);
    await expect(coupler.getByRole('heading', { level: 1, name: 'Submit Production Report' })).toBeVisible();
    await expect(coupler.getByText(`${msa.name} (MSA)`)).toBeVisible();
    await expect(coupler.getByLabel('Date coupled')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
    await coupler.getByLabel('Stove model').selectOption({ label: `${model.stoveModel} (${model.code})` });
    await scan(coupler, [...codes, codes[0]!]);
    await expect(coupler.getByText(`${codes[0]} is already in the list`)).toBeVisible();
    for (const code of codes)
      await expect(codeList(coupler).getByRole('listitem').filter({ hasText: code })).toContainText('In stock');
    await expect(coupler.getByText('3 in stock, 0 cannot be reported.')).toBeVisible();
    await expect(coupler.getByText(`5 kits of ${model.stoveModel} in stock at ${msa.name}.`)).toBeVisible();
    // Nothing on the page is wider than the phone.
    expect(await coupler.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    const submit = coupler.getByRole('button', { name: 'Report 3 stoves' });
    await expect(submit).toBeEnabled();
    await submit.click();
    const dialog = coupler.getByRole('alertdialog', { name: 'Report 3 stoves?' });
    await expect(dialog).toContainText(`3 kits are taken from ${msa.name}'s stock`);
    await dialog.getByRole('button', { name: 'Report 3 stoves' }).click();
    const toast = coupler.getByText(/^Report SR-\d{6} submitted$/);
    await expect(toast).toBeVisible();
    const number = ((await toast.textContent()) ?? '').replace(/^Report | submitted$/g, '');
    // The form is ready for the next report (no stale "already in the list"); the report is among "My recent reports".
    await expect(coupler.getByText('0 stove IDs', { exact: true })).toBeVisible();
    await expect(coupler.getByText(`${codes[0]} is already in the list`)).toHaveCount(0);
    const recent = coupler.getByRole('table', { name: 'My recent reports' });
    // (Other tests' reports by the same demo coupler may come and go beside it.)
    await expect(recent.getByRole('row').filter({ hasText: number })).toContainText('Submitted');

    // The report's page lists its IDs as coupled (plain codes: couplers do not open Stove ID Management).
    await recent.getByRole('link', { name: number }).click();
    await expect(coupler.getByRole('heading', { level: 1, name: `Stove report ${number}` })).toBeVisible();
    await expect(coupler.getByRole('table', { name: `Stove IDs of ${number}` }).getByRole('row')).toHaveCount(4);
    await expect(coupler.getByRole('row', { name: new RegExp(`${codes[0]} Coupled`) })).toBeVisible();
    await expect(coupler.getByRole('button', { name: 'Void report' })).toHaveCount(0);
    await coupler.getByRole('link', { name: 'Back to Submit Production Report' }).click();
    await expect(coupler).toHaveURL(/\/production\/stove-report$/);

    // On the ID page, the ID is coupled with the report as its current document.
    await admin.goto(`/stove-id/management/${codes[1]}`);
    await expect(admin.getByRole('heading', { level: 1, name: codes[1] })).toBeVisible();
    await expect(admin.getByText('Coupled').first()).toBeVisible();
    await admin.getByRole('link', { name: number }).first().click();
    await expect(admin.getByRole('heading', { level: 1, name: `Stove report ${number}` })).toBeVisible();
  },
);

test('a bad code blocks Submit with its reason; a report the server refuses names the ID and changes nothing', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await signedIn(browser, 'Admin');
  const msa = await factoryByCode(admin, 'MSA');
  const nbo = await factoryByCode(admin, 'NBO');
  const model = await modelWithKits(admin, 'MSA', 10);
  const codes = await createStoveIds(admin, msa.id, 3);
  const [elsewhere = ''] = await createStoveIds(admin, nbo.id, 1);

  const coupler = await signedIn(browser, 'Stove Coupler');
  // What is tested here is the server's refusal; the next test shows the open list re-checked live.
  await holdLiveUpdates(coupler);
  await coupler.goto('/production/stove-report');
  await coupler.getByLabel('Stove model').selectOption(model.id);
  // A day to come is explained at the date field itself.
  const date = coupler.getByLabel('Date coupled');
  const today = await date.inputValue();
  const tomorrow = addDays(today, 1);
  await date.fill(tomorrow);
  await expect(date).toHaveAttribute('aria-invalid', 'true');
  await expect(date).toHaveAccessibleDescription(
    /^Stoves cannot be reported for a day to come: choose .+ or earlier\.$/,
  );
  await date.fill(today);
  await expect(date).not.toHaveAttribute('aria-invalid', 'true');
  await scan(coupler, [codes[0]!, elsewhere, 'BAD!CODE']);
  await expect(codeList(coupler).getByRole('listitem').filter({ hasText: elsewhere })).toContainText(
    'At another factory',
  );
  await expect(coupler.getByText('1 in stock, 2 cannot be reported.')).toBeVisible();
  const submit = coupler.getByRole('button', { name: /^Report \d+ stoves?$/ });
  await expect(submit).toBeDisabled();
  await expect(coupler.getByText('Remove the 2 stove IDs that cannot be reported.', { exact: true })).toBeVisible();
  await coupler.getByRole('button', { name: 'Remove the 2 stove IDs that cannot be reported' }).click();
  await scan(coupler, [codes[1]!, codes[2]!]);
  await expect(coupler.getByText('3 in stock, 0 cannot be reported.')).toBeVisible();
  await expect(submit).toBeEnabled();

  // Someone else reports one of these IDs meanwhile: the server refuses the whole report.
  const other = await submitReport(admin, msa.id, model, [codes[2]!]);
  await submit.click();
  await coupler
    .getByRole('alertdialog', { name: 'Report 3 stoves?' })
    .getByRole('button', { name: 'Report 3 stoves' })
    .click();
  await expect(coupler.getByText('The report was not submitted')).toBeVisible();
  const refused = coupler.getByRole('table', { name: /^The report was refused/ });
  await expect(refused).toContainText(codes[2]!);
  await expect(refused).toContainText('Already coupled (on another stove report)');
  // Nothing was coupled: the other two are still in stock, and the list re-checked says why.
  await expect(codeList(coupler).getByRole('listitem').filter({ hasText: codes[0]! })).toContainText('In stock');
  await expect(codeList(coupler).getByRole('listitem').filter({ hasText: codes[2]! })).toContainText('Already coupled');
  const list = await admin.request.get(`/api/stove-reports?categoryId=${model.id}`);
  expect(((await list.json()) as { items: { id: string }[] }).items.map((r) => r.id)).toEqual([other.id]);
});

test('an ID reported elsewhere while the list is open turns Already coupled and blocks Submit, without a reload', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await signedIn(browser, 'Admin');
  const msa = await factoryByCode(admin, 'MSA');
  const model = await modelWithKits(admin, 'MSA', 5);
  const codes = await createStoveIds(admin, msa.id, 2);

  const coupler = await signedIn(browser, 'Stove Coupler');
  await coupler.goto('/production/stove-report');
  await expect(coupler.locator('main[data-live="open"]')).toBeVisible();
  await coupler.getByLabel('Stove model').selectOption(model.id);
  await scan(coupler, codes);
  await expect(coupler.getByText('2 in stock, 0 cannot be reported.')).toBeVisible();
  const submit = coupler.getByRole('button', { name: 'Report 2 stoves' });
  await expect(submit).toBeEnabled();

  await submitReport(admin, msa.id, model, [codes[1]!]);
  await expect(codeList(coupler).getByRole('listitem').filter({ hasText: codes[1]! })).toContainText(
    'Already coupled',
    LIVE,
  );
  await expect(coupler.getByText('1 in stock, 1 cannot be reported.')).toBeVisible();
  await expect(submit).toBeDisabled();
  await expect(codeList(coupler).getByRole('listitem').filter({ hasText: codes[0]! })).toContainText('In stock');
});

test('a Factory Manager voids a report from the overview; the IDs are in stock again; the coupler cannot void', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await signedIn(browser, 'Admin');
  const msa = await factoryByCode(admin, 'MSA');
  const model = await modelWithKits(admin, 'MSA', 6);
  const codes = await createStoveIds(admin, msa.id, 4);
  const coupler = await signedIn(browser, 'Stove Coupler');
  const report = await submitReport(coupler, msa.id, model, codes);
  const number = stoveReportNumberLabel(report.number);

  // The coupler sees no Void button, and the server refuses them.
  await coupler.goto(`/production/stove-reports/${report.id}`);
  await expect(coupler.getByRole('heading', { level: 1, name: `Stove report ${number}` })).toBeVisible();
  await expect(coupler.getByRole('button', { name: 'Void report' })).toHaveCount(0);
  const refused = await coupler.request.post(`/api/stove-reports/${report.id}/void`, { data: { reason: 'Mine' } });
  expect(refused.status()).toBe(403);

  const manager = await signedIn(browser, 'Factory Manager');
  await manager.goto(`/production?categoryId=${model.id}`);
  await expect(manager.getByRole('heading', { level: 1, name: 'Production Overview' })).toBeVisible();
  const totals = manager.getByRole('region', { name: 'Totals of the filtered reports' });
  await expect(totals).toContainText('Stoves coupled4');
  const table = manager.getByRole('table', { name: 'Stove reports' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('link', { name: number }).click();
  await expect(manager.getByRole('heading', { level: 1, name: `Stove report ${number}` })).toBeVisible();
  await expect(manager.getByRole('row', { name: new RegExp(`${codes[0]} Coupled`) })).toBeVisible();

  await manager.getByRole('button', { name: 'Void report' }).click();
  const dialog = manager.getByRole('dialog', { name: `Void ${number}?` });
  await expect(dialog).toContainText(`Its 4 stove IDs go back in stock at ${msa.name}`);
  await dialog.getByRole('button', { name: 'Void report' }).click();
  await expect(dialog.getByText('A reason is required: say why the report is wrong.')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Scanned the wrong tray');
  await dialog.getByRole('button', { name: 'Void report' }).click();
  await expect(manager.getByText(`${number} voided`)).toBeVisible();
  await expect(manager.locator('[data-slot="badge"]', { hasText: 'Voided' })).toBeVisible();
  await expect(manager.getByText('Scanned the wrong tray')).toBeVisible();
  await expect(manager.getByRole('row', { name: new RegExp(`${codes[0]} In stock`) })).toBeVisible();
  await expect(manager.getByRole('button', { name: 'Void report' })).toHaveCount(0);

  // Back on the overview (with its filter): voided, and no stoves coupled any more.
  await manager.getByRole('link', { name: 'Back to Production Overview' }).click();
  await expect(manager).toHaveURL(new RegExp(`categoryId=${model.id}`));
  await expect(table.getByRole('row').nth(1)).toContainText('Voided');
  await expect(totals).toContainText('Stoves coupled0');
  await expect(totals).toContainText('Voided reports1');

  // The ID page shows it in stock, voided from the report.
  await manager.goto(`/stove-id/management/${codes[0]}`);
  await expect(manager.getByText('Stove report voided').first()).toBeVisible();
});

test('a report with a validated stove ID offers no Void, and says why', async ({ browser }) => {
  test.setTimeout(120_000);
  const admin = await signedIn(browser, 'Admin');
  const msa = await factoryByCode(admin, 'MSA');
  const model = await modelWithKits(admin, 'MSA', 2);
  const codes = await createStoveIds(admin, msa.id, 2);
  const report = await submitReport(admin, msa.id, model, codes);
  const approved = await admin.request.post('/api/stove-ids/approve', {
    data: { codes: [codes[0]], factoryId: msa.id },
  });
  expect(approved.status(), await approved.text()).toBe(200);

  const manager = await signedIn(browser, 'Factory Manager');
  await manager.goto(`/production/stove-reports/${report.id}`);
  await expect(manager.getByRole('row', { name: new RegExp(`${codes[0]} Validated`) })).toBeVisible();
  await expect(manager.getByRole('button', { name: 'Void report' })).toHaveCount(0);
  await expect(manager.getByTestId('void-blocked')).toHaveText(
    'It can no longer be voided: 1 of its 2 stove IDs is no longer coupled (see their status below). Only a report whose stove IDs are all still coupled can be voided.',
  );
});

test('the stove report pages have no serious accessibility violation', async ({ browser }) => {
  test.setTimeout(180_000);
  const admin = await signedIn(browser, 'Admin');
  const msa = await factoryByCode(admin, 'MSA');
  const model = await modelWithKits(admin, 'MSA', 3);
  const codes = await createStoveIds(admin, msa.id, 2);
  const report = await submitReport(admin, msa.id, model, [codes[0]!]);

  const coupler = await signedIn(browser, 'Stove Coupler', { phone: true });
  await coupler.goto('/production/stove-report');
  await coupler.getByLabel('Stove model').selectOption(model.id);
  await scan(coupler, [codes[1]!, codes[0]!]);
  await expect(coupler.getByText('1 in stock, 1 cannot be reported.')).toBeVisible();
  expect(await seriousViolations(coupler)).toEqual([]);

  const manager = await signedIn(browser, 'Factory Manager');
  await manager.goto(`/production?categoryId=${model.id}`);
  await expect(manager.getByRole('table', { name: 'Stove reports' }).getByRole('row')).toHaveCount(2);
  expect(await seriousViolations(manager)).toEqual([]);
  await manager.goto(`/production/stove-reports/${report.id}`);
  await manager.getByRole('button', { name: 'Void report' }).click();
  await expect(manager.getByRole('dialog')).toBeVisible();
  expect(await seriousViolations(manager)).toEqual([]);
});
