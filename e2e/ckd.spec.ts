/**
 * CKD kits: an Admin creates a CKD category with steel usage, records produced kits and sees the
 * steel consumed (and is refused when steel is short), transfers kits and sees the stock move (and
 * is refused when kits are short); a Factory Manager sends only from their own factory; axe on
 * every CKD page; a phone-size check.
 */
import { expect, test, type Page } from '@playwright/test';
import type { CkdCategory } from '../src/common/contracts/ckd';
import type { FactoryOption } from '../src/common/contracts/factories';
import { holdLiveUpdates, login, seriousViolations, signedIn } from './support';
import { factoryByCode, uniquePrefix } from './stove-transfers.support';
import { demoToday } from '../src/server/demo/accounts';

/** A steel category (kg) with `kg` received at a factory, through the steel API. */
async function steelWithStock(page: Page, factoryId: string, kg: number): Promise<{ id: string; name: string }> {
  const name = `Sheet ${uniquePrefix()}`;
  const created = await page.request.post('/api/steel/categories', { data: { name, unit: 'kg', grade: '1.2 mm' } });
  expect(created.status(), await created.text()).toBe(201);
  const steel = (await created.json()) as { id: string; name: string };
  const received = await page.request.post('/api/steel/records', {
    data: { date: demoToday(), factoryId, categoryId: steel.id, kind: 'received', quantity: kg },
  });
  expect(received.status(), await received.text()).toBe(201);
  return steel;
}

/** A CKD category (no steel) with `kits` produced at a plant, through the API. */
async function kitsAt(page: Page, factoryId: string, kits: number): Promise<CkdCategory> {
  const code = uniquePrefix();
  const created = await page.request.post('/api/ckd/categories', {
    data: { name: `Kit ${code}`, code, stoveModel: `Model ${code}` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const category = (await created.json()) as CkdCategory;
  const produced = await page.request.post('/api/ckd/produced-records', {
    data: { date: demoToday(), factoryId, categoryId: category.id, quantity: kits },
  });
  expect(produced.status(), await produced.text()).toBe(201);
  return category;
}

async function steelStock(page: Page, name: string): Promise<number> {
  const response = await page.request.get(`/api/steel/categories?q=${encodeURIComponent(name)}`);
  expect(response.status()).toBe(200);
  const { items } = (await response.json()) as { items: { name: string; totalStock: number }[] };
  return items.find((i) => i.name === name)?.totalStock ?? Number.NaN;
}

/** The kit stock grid's cell of a factory (by code) and category (by header text). */
async function stockCell(page: Page, factory: FactoryOption, category: CkdCategory): Promise<string> {
  const grid = page.getByRole('table', { name: 'Kits in stock per factory and CKD category' });
  await expect(grid).toBeVisible();
  const headers = await grid.getByRole('columnheader').allInnerTexts();
  const column = headers.findIndex((h) => h.includes(category.code));
  expect(column, `no column for ${category.code} in ${headers.join(' | ')}`).toBeGreaterThan(0);
  const row = grid
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(`\\(${factory.code}\\)`) }) });
  return (await row.locator('th, td').nth(column).innerText()).trim();
}

test('an Admin creates a CKD category with steel usage, and deactivates it after confirming', async ({ page }) => {
  test.setTimeout(90_000);
  await login(page, 'Admin');
  const nbo = await factoryByCode(page, 'NBO');
  const steel = await steelWithStock(page, nbo.id, 100);
  const code = uniquePrefix().slice(0, 10);
  const name = `Jiko ${code}`;

  await page.goto('/ckd/categories');
  await expect(page.getByRole('heading', { level: 1, name: 'CKD Categories' })).toBeVisible();
  await page.getByRole('button', { name: 'New CKD category' }).first().click();
  const form = page.getByRole('dialog', { name: 'New CKD category' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Code').fill(code.toLowerCase());
  await form.getByLabel('Stove model').fill('Jiko Poa');
  // A line without steel is refused next to its field.
  await form.getByRole('button', { name: 'Add steel line' }).click();
  await form.getByRole('button', { name: 'Create category' }).click();
  await expect(form.getByText('Choose a steel category')).toBeVisible();
  await form.getByLabel('Steel category, line 1').selectOption({ label: `${steel.name} (1.2 mm)` });
  await form.getByLabel('Quantity, line 1').fill('2.5');
  await expect(form.getByText('kg per kit')).toBeVisible();
  await form.getByRole('button', { name: 'Create category' }).click();
  await expect(page.getByText(`${name} created`)).toBeVisible();
  await page.getByLabel('Search CKD categories').fill(name);
  const table = page.getByRole('table', { name: 'CKD categories' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText(`${steel.name}: 2.5 kg`);
  await expect(table.getByRole('row').nth(1)).toContainText(code);

  // Deactivating asks first.
  await page.getByRole('button', { name: `Actions for ${name} (${code})` }).click();
  await page.getByRole('menuitem', { name: 'Deactivate' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Deactivate ${name}?` });
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByText(`${name} deactivated`)).toBeVisible();
  await expect(table.getByRole('row').nth(1)).toContainText('Inactive');
});

test('an Admin records produced kits and sees the steel consumed; short steel is refused', async ({ page }) => {
  test.setTimeout(90_000);
  await login(page, 'Admin');
  const nbo = await factoryByCode(page, 'NBO');
  const steel = await steelWithStock(page, nbo.id, 100);
  const code = uniquePrefix().slice(0, 10);
  const name = `Jiko ${code}`;
  const created = await page.request.post('/api/ckd/categories', {
    data: { name, code, stoveModel: 'Jiko Poa', steelUsage: [{ steelCategoryId: steel.id, quantityPerKit: 2.5 }] },
  });
  expect(created.status(), await created.text()).toBe(201);

  // Record 8 kits: the form shows the 20 kg they will use; the steel stock goes from 100 to 80 kg.
  await page.goto('/ckd/produced-records');
  await page.getByRole('button', { name: 'Record produced kits' }).first().click();
  const record = page.getByRole('dialog', { name: 'Record produced kits' });
  await record.getByLabel('Plant').selectOption({ label: `${nbo.name} (NBO)` });
  await record.getByLabel('CKD category').selectOption({ label: `${name} (${code}) · Jiko Poa` });
  await record.getByLabel('Kits produced').fill('8');
  const needed = record.getByRole('table', { name: 'Steel 8 kits use' });
  await expect(needed.getByRole('row').nth(1)).toContainText('20 kg');
  await record.getByRole('button', { name: 'Record 8 kits' }).click();
  await expect(page.getByText(new RegExp(`^PK-\\d{6}: 8 kits of ${name} recorded$`))).toBeVisible();
  await expect(record).toHaveCount(0);
  expect(await steelStock(page, steel.name)).toBe(80);
  const records = page.getByRole('table', { name: 'Produced CKD records' });
  await expect(records.getByRole('row').filter({ hasText: name }).first()).toContainText(`${steel.name}: 20 kg`);

  // 40 kits need 100 kg: refused, with the shortage listed, and nothing recorded.
  await page.getByRole('button', { name: 'Record produced kits' }).first().click();
  await record.getByLabel('Plant').selectOption({ label: `${nbo.name} (NBO)` });
  await record.getByLabel('CKD category').selectOption({ label: `${name} (${code}) · Jiko Poa` });
  await record.getByLabel('Kits produced').fill('40');
  await record.getByRole('button', { name: 'Record 40 kits' }).click();
  const shortage = record.getByRole('alert').filter({ hasText: 'Not enough steel: nothing was recorded' });
  await expect(shortage).toBeVisible();
  await expect(shortage.getByRole('row', { name: new RegExp(`${steel.name} at NBO`) })).toContainText(
    'Not enough steel: 80 kg in stock, 100 kg needed.',
  );
  expect(await steelStock(page, steel.name)).toBe(80);
  await record.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Discard changes' }).click();
  await expect(record).toHaveCount(0);
});

test('an Admin transfers kits of two categories on one transfer; a short line keeps the dialog closed; a refusal moves nothing', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await login(page, 'Admin');
  const [nbo, msa] = [await factoryByCode(page, 'NBO'), await factoryByCode(page, 'MSA')];
  const kit = await kitsAt(page, nbo.id, 30);
  const kit2 = await kitsAt(page, nbo.id, 10);
  // The refusal below is of kits taken meanwhile: no live update may refresh the form first.
  await holdLiveUpdates(page);

  await page.goto('/ckd');
  await expect(page.getByRole('heading', { level: 1, name: 'CKD Management' })).toBeVisible();
  expect(await stockCell(page, nbo, kit)).toBe('30');
  expect(await stockCell(page, msa, kit)).toBe('0');
  await page
    .getByRole('navigation', { name: 'CKD screens' })
    .getByRole('link', { name: /CKD Transfer/ })
    .click();

  await expect(page.getByRole('heading', { level: 1, name: 'CKD Transfer' })).toBeVisible();
  const send = page.getByRole('form', { name: 'Send kits' });
  await send.getByLabel('From', { exact: true }).selectOption({ label: `${nbo.name} (NBO)` });
  await send.getByLabel('To', { exact: true }).selectOption({ label: `${msa.name} (MSA)` });
  await send.getByLabel('Line 1 CKD category').selectOption({ label: `${kit.name} (${kit.code}): 30 in stock` });
  await send.getByLabel('Line 1 kits').fill('12');
  await expect(send.getByText('Available: 30 kits.')).toBeVisible();
  await send.getByRole('button', { name: 'Add a category' }).click();
  await expect(send.getByLabel('Line 2 CKD category')).toBeFocused();
  await send.getByLabel('Line 2 CKD category').selectOption({ label: `${kit2.name} (${kit2.code}): 10 in stock` });
  await send.getByLabel('Line 2 kits').fill('4');
  await send.getByLabel('Note (optional)').fill('Weekly lorry');
  await send.getByRole('button', { name: 'Send 16 kits' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Send 16 kits to ${msa.name} (MSA)?` });
  await expect(confirm).toContainText(
    `From ${nbo.name} (NBO): ${kit.name} (${kit.code}) × 12, ${kit2.name} (${kit2.code}) × 4.`,
  );
  await confirm.getByRole('button', { name: 'Send' }).click();
  const toast = page.getByText(new RegExp(`^KT-\\d{6}: 16 kits sent to ${msa.name} \\(`));
  await expect(toast).toBeVisible();
  const number = ((await toast.textContent()) ?? '').slice(0, 9);
  await expect(send.getByLabel('Line 1 kits')).toHaveValue('');
  await expect(send.getByLabel('Line 2 kits')).toHaveCount(0);

  const transfers = page.getByRole('table', { name: 'Kit transfers' });
  await page.getByLabel('Search transfers').fill(number);
  await expect(transfers.getByRole('row')).toHaveCount(2);
  await expect(transfers.getByRole('row').nth(1)).toContainText(`${kit.name} (${kit.code}) × 12`);
  await expect(transfers.getByRole('row').nth(1)).toContainText(`${kit2.name} (${kit2.code}) × 4`);
  await expect(transfers.getByRole('row').nth(1)).toContainText('Weekly lorry');

  // 50 more than the 18 left: the line says so, and Send asks nothing.
  await send.getByLabel('Line 1 CKD category').selectOption({ label: `${kit.name} (${kit.code}): 18 in stock` });
  await send.getByLabel('Line 1 kits').fill('50');
  await expect(send.getByText('Only 18 kits in stock at the sending factory.')).toBeVisible();
  await send.getByRole('button', { name: 'Send 50 kits' }).click();
  await expect(send.getByText('A line asks for more kits than the sending factory holds')).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  // 10 fit what the form shows, but someone takes 10 meanwhile: the server refuses, nothing moves.
  await send.getByLabel('Line 1 kits').fill('10');
  const taken = await page.request.post('/api/ckd/transfers', {
    data: {
      fromFactoryId: nbo.id,
      toFactoryId: msa.id,
      lines: [{ categoryId: kit.id, quantity: 10 }],
      date: demoToday(),
    },
  });
  expect(taken.status(), await taken.text()).toBe(201);
  await send.getByRole('button', { name: 'Send 10 kits' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Send' }).click();
  const refused = page.getByRole('alert').filter({ hasText: 'Not enough kits: nothing was sent' });
  await expect(refused).toContainText('Not enough kits: 8 in stock, 10 needed.');
  await expect(page.getByText('The kits were not transferred')).toBeVisible();

  await page.goto('/ckd');
  expect(await stockCell(page, nbo, kit)).toBe('8');
  expect(await stockCell(page, msa, kit)).toBe('22');
  expect(await stockCell(page, msa, kit2)).toBe('4');
});

test('a Factory Manager sends kits from their own factory only, and sees only their transfers', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const admin = await signedIn(browser, 'Admin');
  const [nbo, msa, ksm] = await Promise.all(['NBO', 'MSA', 'KSM'].map((c) => factoryByCode(admin, c)));
  if (!nbo || !msa || !ksm) throw new Error('demo factories missing');
  const kit = await kitsAt(admin, nbo.id, 20);
  for (const to of [msa, ksm]) {
    const sent = await admin.request.post('/api/ckd/transfers', {
      data: {
        fromFactoryId: nbo.id,
        toFactoryId: to.id,
        lines: [{ categoryId: kit.id, quantity: 5 }],
        date: demoToday(),
      },
    });
    expect(sent.status(), await sent.text()).toBe(201);
  }

  // The demo Factory Manager works at MSA.
  await login(page, 'Factory Manager');
  await page.goto('/ckd/transfer');
  const send = page.getByRole('form', { name: 'Send kits' });
  const from = send.getByLabel('From', { exact: true });
  await expect(from).toBeDisabled();
  await expect(from.locator('option:checked')).toHaveText(`${msa.name} (MSA)`);
  await expect(page.getByText('Kits are sent from your factory.')).toBeVisible();
  await send.getByLabel('To', { exact: true }).selectOption({ label: `${ksm.name} (KSM)` });
  await send.getByLabel('Line 1 CKD category').selectOption({ label: `${kit.name} (${kit.code}): 5 in stock` });
  await send.getByLabel('Line 1 kits').fill('2');
  await send.getByRole('button', { name: 'Send 2 kits' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Send' }).click();
  await expect(
    page.getByText(new RegExp(`^KT-\\d{6}: 2 kits sent to ${ksm.name} \\(${kit.name} \\(${kit.code}\\) × 2\\)$`)),
  ).toBeVisible();

  // Their list: NBO → MSA and MSA → KSM, never NBO → KSM.
  await page.goto(`/ckd/transfer?categoryId=${kit.id}`);
  const rows = page.getByRole('table', { name: 'Kit transfers' }).getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: `${ksm.name} (KSM)` }).filter({ hasText: `${nbo.name} (NBO)` })).toHaveCount(0);

  // Sending from another factory is refused by the server, whatever the request says.
  const other = await page.request.post('/api/ckd/transfers', {
    data: {
      fromFactoryId: nbo.id,
      toFactoryId: ksm.id,
      lines: [{ categoryId: kit.id, quantity: 1 }],
      date: demoToday(),
    },
  });
  expect(other.status()).toBe(403);
  expect(((await other.json()) as { error: { message: string } }).error.message).toBe(
    `You can only act for your own factory (${msa.name}).`,
  );

  // Their stock page shows their factory only.
  await page.goto('/ckd');
  expect(await stockCell(page, msa, kit)).toBe('3');
  const grid = page.getByRole('table', { name: 'Kits in stock per factory and CKD category' });
  await expect(grid.getByRole('rowheader')).toHaveCount(1);
  await admin.context().close();
});

test('the CKD stock and transfer pages have no serious accessibility violation', async ({ page }) => {
  test.setTimeout(90_000);
  await login(page, 'Admin');
  const nbo = await factoryByCode(page, 'NBO');
  await kitsAt(page, nbo.id, 3);

  await page.goto('/ckd');
  await expect(page.getByRole('table', { name: 'Kits in stock per factory and CKD category' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/ckd/transfer');
  await expect(page.getByRole('form', { name: 'Send kits' }).getByLabel('From', { exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Kit transfers' }).getByRole('row').nth(1)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('CKD Categories and its form have no serious accessibility violation', async ({ page }) => {
  test.setTimeout(90_000);
  await login(page, 'Admin');
  const nbo = await factoryByCode(page, 'NBO');
  await kitsAt(page, nbo.id, 3);

  await page.goto('/ckd/categories');
  await expect(page.getByRole('table', { name: 'CKD categories' }).getByRole('row').nth(1)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'New CKD category' }).first().click();
  await page.getByRole('button', { name: 'Add steel line' }).click();
  await expect(page.getByLabel('Steel category, line 1')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('Produced CKD Records and its form have no serious accessibility violation', async ({ page }) => {
  test.setTimeout(90_000);
  await login(page, 'Admin');
  const nbo = await factoryByCode(page, 'NBO');
  await kitsAt(page, nbo.id, 3);

  await page.goto('/ckd/produced-records');
  await expect(page.getByRole('table', { name: 'Produced CKD records' }).getByRole('row').nth(1)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Record produced kits' }).first().click();
  await expect(page.getByText('Choose a category to see the steel its kits use.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the CKD pages fit a phone', async ({ page }) => {
  test.setTimeout(90_000);
  await login(page, 'Admin');
  const nbo = await factoryByCode(page, 'NBO');
  await kitsAt(page, nbo.id, 4);
  await page.setViewportSize({ width: 390, height: 844 });
  for (const [url, ready] of [
    ['/ckd', 'Kits in stock'],
    ['/ckd/categories', 'CKD Categories'],
    ['/ckd/produced-records', 'Produced CKD Records'],
    ['/ckd/transfer', 'CKD Transfer'],
  ] as const) {
    await page.goto(url);
    await expect(page.getByRole('heading', { name: ready }).first()).toBeVisible();
    await expect(page.getByText('Loading...')).toHaveCount(0);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      `${url} scrolls sideways`,
    ).toBe(true);
  }
  // The transfer form is usable at this width.
  const send = page.getByRole('form', { name: 'Send kits' });
  await send.getByLabel('From', { exact: true }).selectOption({ label: `${nbo.name} (NBO)` });
  await send.getByLabel('Line 1 kits').scrollIntoViewIfNeeded();
  await expect(send.getByLabel('Line 1 kits')).toBeInViewport({ ratio: 0.5 });
});
