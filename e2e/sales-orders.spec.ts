/**
 * Sales orders and Canceled Sales: a seller makes an order from the form (customer searched and
 * chosen with the keyboard, category and buyer filled in from it, a package with its price in
 * force, stove IDs scanned: an ineligible one shows its reason and blocks), finds it in the list,
 * opens it, prints the delivery note, cancels it with a reason, finds it under Canceled Sales, and
 * the ID's history shows it sold and returned; a Sales Officer cannot cancel; a Factory Manager's
 * factory is fixed and, on a phone, an order the server refuses names the ID; an ID sold elsewhere
 * turns ineligible on an open form; an ID coupled as another model than the package's is flagged; Enter in the customer box never chooses from an earlier search;
 * a manager returns 2 IDs of an order through the Return stoves dialog (scanned; an unknown code
 * flagged), sees the return note, the order's Returns section and the return under Canceled Sales;
 * axe on each screen.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { addDays } from '../src/common/calendar-days';
import { salesOrderNumberLabel, type SalesOrderDetail } from '../src/common/contracts/sales-orders';
import { demoUser, holdLiveUpdates, holdRequests, LIVE, seriousViolations, signedIn } from './support';
import { createStoveIds, factoryByCode, uniquePrefix } from './stove-transfers.support';
import { demoToday } from '../src/server/demo/accounts';

interface Ref {
  id: string;
  name: string;
  code: string;
}

interface SaleSetup {
  category: Ref;
  /** The stove model (kit category) of the package. */
  model: Ref;
  /** Two stoves per package, KES 1,500.00 in the category. */
  pkg: Ref;
  customer: { id: string; name: string; contact: string; phone: string; region: string };
}

const today = () => demoToday();

async function post<T>(page: Page, url: string, data: unknown, status = 201): Promise<T> {
  const response = await page.request.post(url, { data });
  expect(response.status(), `${url}: ${await response.text()}`).toBe(status);
  return (await response.json()) as T;
}

/** A sales category, a package of 2 stoves priced KES 1,500.00 in it from last week, and a customer defaulting to it. */
async function saleSetup(admin: Page): Promise<SaleSetup> {
  const token = uniquePrefix();
  const code = token.slice(-10);
  const category = await post<Ref>(admin, '/api/sales/categories', { name: `${token} Retail`, code: `C${code}` });
  const model = await post<Ref>(admin, '/api/ckd/categories', {
    name: `Kit E${code}`,
    code: `E${code}`,
    stoveModel: `Jiko E${code}`,
  });
  const pkg = await post<Ref>(admin, '/api/sales/packages', {
    name: `${token} Jiko pair`,
    code: `P${code}`,
    ckdCategoryId: model.id,
    stovesPerPackage: 2,
  });
  await post(admin, '/api/sales/prices', {
    effectiveFrom: addDays(today(), -7),
    prices: [{ packageId: pkg.id, categoryId: category.id, unitPrice: 1500 }],
  });
  const customer = {
    name: `${token} Wanjiru Stores`,
    contact: `Jane ${token}`,
    phone: '0712 345 678',
    region: 'Nakuru',
  };
  const created = await post<{ id: string }>(admin, '/api/partners', {
    name: customer.name,
    type: 'retailer',
    contactPerson: customer.contact,
    phone: customer.phone,
    region: customer.region,
    defaultSalesCategoryId: category.id,
  });
  return { category, model, pkg, customer: { ...customer, id: created.id } };
}

/**
 * `count` validated stove IDs of a model at a factory, as an Admin through the API: generated,
 * coupled on a stove report (with kits produced at NBO and moved there) and approved.
 */
async function validatedIds(admin: Page, factoryCode: string, count: number, model: Ref): Promise<string[]> {
  const factory = await factoryByCode(admin, factoryCode);
  const nbo = await factoryByCode(admin, 'NBO');
  const date = today();
  await post(admin, '/api/ckd/produced-records', { date, factoryId: nbo.id, categoryId: model.id, quantity: count });
  if (factoryCode !== 'NBO')
    await post(admin, '/api/ckd/transfers', {
      fromFactoryId: nbo.id,
      toFactoryId: factory.id,
      lines: [{ categoryId: model.id, quantity: count }],
      date,
    });
  const codes = await createStoveIds(admin, factory.id, count);
  await post(admin, '/api/stove-reports', { factoryId: factory.id, categoryId: model.id, date, codes });
  const approved = await post<{ approved: number }>(
    admin,
    '/api/stove-ids/approve',
    { codes, factoryId: factory.id },
    200,
  );
  expect(approved.approved).toBe(count);
  return codes;
}

/** An order through the API (as the page's user): one line of `codes.length / 2` packages. */
async function sell(page: Page, setup: SaleSetup, factoryCode: string, codes: string[]): Promise<SalesOrderDetail> {
  const factory = await factoryByCode(page, factoryCode);
  return post<SalesOrderDetail>(page, '/api/sales/orders', {
    date: today(),
    factoryId: factory.id,
    customerId: setup.customer.id,
    categoryId: setup.category.id,
    lines: [{ packageId: setup.pkg.id, quantity: codes.length / 2 }],
    codes,
    buyerName: setup.customer.contact,
  });
}

async function scan(page: Page, codes: string[]): Promise<void> {
  const field = page.getByLabel('Scan or type a stove ID');
  for (const code of codes) {
    await field.fill(code);
    await field.press('Enter');
  }
}

const codeList = (page: Page) => page.getByRole('list', { name: 'Stove IDs delivered: newest first' });
const saveButton = (page: Page) => page.getByRole('button', { name: /^(Sell \d+ stoves?|Save order)$/ });

/** Searches the customer and chooses it with the keyboard. */
async function chooseCustomer(page: Page, name: string): Promise<void> {
  const box = page.getByRole('combobox', { name: 'Customer' });
  await box.fill(name);
  // Until the search for the name answers, the list may still show the customers of the empty box.
  const matches = page.getByRole('listbox', { name: 'Customer: matches' }).getByRole('option');
  await expect(matches.first()).toHaveAccessibleName(new RegExp(name));
  await box.press('ArrowDown');
  await box.press('Enter');
  await expect(box).toHaveValue(name);
}

test(
  'a seller makes an order by scanning IDs, prints it, cancels it; Canceled Sales and the ID history show it',
  { tag: '@smoke' },
  async ({ browser }) => {
    test.setTimeout(360_000);
    const admin = await signedIn(browser, 'Admin');
    const setup = await saleSetup(admin);
    const codes = await validatedIds(admin, 'NBO', 4, setup.model);
    const nbo = await factoryByCode(admin, 'NBO');
    const [notValidated = ''] = await createStoveIds(admin, nbo.id, 1);

    const seller = await signedIn(browser, 'Senior Sales Manager');
    await seller.goto('/sales/sales-order');
    await expect(seller.getByRole('heading', { level: 1, name: 'Sales Order' })).toBeVisible();
    await seller.getByRole('link', { name: 'New order' }).first().click();
    await expect(seller).toHaveURL(/\/sales\/sales-order\?new=1$/);
    await expect(seller.getByRole('heading', { level: 1, name: 'New sales order' })).toBeVisible();
    await expect(seller.getByLabel('Date of sale')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
    await expect(saveButton(seller)).toBeDisabled();
    await expect(seller.getByText('Choose the factory.', { exact: true })).toBeVisible();

    // Factory, customer (keyboard), and what the customer fills in.
    await seller.getByLabel('Factory').selectOption(nbo.id);
    await chooseCustomer(seller, setup.customer.name);
    await expect(seller.getByLabel('Sales category')).toHaveValue(setup.category.id);
    await expect(seller.getByLabel('Buyer name')).toHaveValue(setup.customer.contact);
    await expect(seller.getByLabel('Phone (optional)')).toHaveValue(setup.customer.phone);
    await expect(seller.getByLabel('Location (optional)')).toHaveValue(setup.customer.region);

    // A line: the package with its price in force; 2 packages of 2 stoves = 4 stove IDs needed.
    await seller.getByLabel('Package, line 1').selectOption(setup.pkg.id);
    await seller.getByLabel('Quantity').fill('2');
    await expect(seller.getByText('KES 1,500.00 each · 2 stoves each')).toBeVisible();
    await expect(seller.getByText('Line total KES 3,000.00 · 4 stoves')).toBeVisible();
    await expect(seller.getByTestId('order-id-progress')).toHaveText('0 of 4 stove IDs: scan 4 more.');

    // Scanning: three good IDs and one not validated, then a repeat.
    await scan(seller, [codes[0]!, codes[1]!, codes[2]!, notValidated]);
    await expect(codeList(seller).getByRole('listitem').filter({ hasText: notValidated })).toContainText(
      'In stock: not on a stove yet',
    );
    await expect(codeList(seller).getByRole('listitem').filter({ hasText: codes[0]! })).toContainText(
      'Validated: can be sold',
    );
    await expect(seller.getByText('3 can be sold, 1 cannot.')).toBeVisible();
    await expect(seller.getByText('Remove the 1 stove ID that cannot be sold.', { exact: true })).toBeVisible();
    await expect(saveButton(seller)).toBeDisabled();
    await scan(seller, [codes[0]!]);
    await expect(seller.getByText(`${codes[0]} is already in the list`)).toBeVisible();
    await seller.getByRole('button', { name: `Remove ${notValidated}` }).click();
    await expect(seller.getByTestId('order-id-progress')).toHaveText('3 of 4 stove IDs: scan 1 more.');
    await expect(seller.getByText('Add 1 stove ID: the packages hold 4 stoves.', { exact: true })).toBeVisible();
    await scan(seller, [codes[3]!]);
    await expect(seller.getByTestId('order-id-progress')).toHaveText('4 of 4 stove IDs.');
    await expect(seller.getByText('4 can be sold, 0 cannot.')).toBeVisible();
    await expect(saveButton(seller)).toBeEnabled();
    await expect(saveButton(seller)).toHaveText('Sell 4 stoves');
    await saveButton(seller).click();

    const toast = seller.getByText(/^Order SO-\d{6} saved$/);
    await expect(toast).toBeVisible();
    const number = ((await toast.textContent()) ?? '').replace(/^Order | saved$/g, '');
    await expect(seller).toHaveURL(/\/sales\/sales-order\/[0-9a-f-]{36}$/);
    const orderUrl = seller.url();
    await expect(seller.getByRole('heading', { level: 1, name: `Sales order ${number}` })).toBeVisible();
    await expect(seller.getByText('Completed', { exact: true })).toBeVisible();
    const ids = seller.getByRole('table', { name: `Stove IDs of ${number}` });
    await expect(ids.getByRole('row')).toHaveCount(5);
    for (const code of codes) await expect(ids.getByRole('row', { name: `${code} Sold` })).toBeVisible();
    await expect(seller.getByRole('table', { name: `Packages of ${number}` })).toContainText('KES 3,000.00');

    // The delivery note: in print, only the note, with every stove ID.
    await seller.emulateMedia({ media: 'print' });
    const note = seller.locator('[data-delivery-note]');
    await expect(note).toBeVisible();
    await expect(note).toContainText('Delivery note');
    await expect(note).toContainText(number);
    await expect(note).toContainText(setup.customer.name);
    await expect(note).toContainText('Received by (name, signature, date)');
    for (const code of codes) await expect(note.getByRole('listitem').filter({ hasText: code })).toBeVisible();
    await expect(seller.getByRole('heading', { level: 1, name: `Sales order ${number}` })).toBeHidden();
    await expect(seller.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await seller.emulateMedia({ media: 'screen' });
    await expect(note).toBeHidden();

    // The list finds it by number and by stove ID; a click on the row opens it.
    await seller.goto(`/sales/sales-order?q=${codes[2]}`);
    const table = seller.getByRole('table', { name: 'Sales orders' });
    await expect(table.getByRole('row')).toHaveCount(2);
    const row = table.getByRole('row').nth(1);
    await expect(row).toContainText(number);
    await expect(row).toContainText(setup.customer.name);
    await expect(row).toContainText('KES 3,000.00');
    await expect(row).toContainText('Completed');
    // The CSV export is the same search.
    const download = seller.waitForEvent('download');
    await seller.getByRole('link', { name: 'Export CSV' }).click();
    const csv = await readFile((await (await download).path()) ?? '', 'utf8');
    expect(csv.split('\n')[0]).toContain('Number,Date,Status,Factory,Customer');
    expect(csv).toContain(`${number},`);
    expect(csv.trim().split('\n')).toHaveLength(2);
    await row.getByRole('cell', { name: setup.category.name }).click();
    await expect(seller).toHaveURL(orderUrl);
    await seller.getByRole('link', { name: 'Back to Sales Order' }).click();
    await expect(seller).toHaveURL(new RegExp(`/sales/sales-order\\?q=${codes[2]}$`));

    // Cancel with a reason: the IDs are validated again.
    await seller.goto(orderUrl);
    await seller.getByRole('button', { name: 'Cancel order' }).click();
    const dialog = seller.getByRole('dialog', { name: `Cancel ${number}?` });
    await expect(dialog).toContainText('The 4 stove IDs go back to validated at Nairobi Central Plant');
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await expect(dialog.getByText('A reason is required: say why the sale is canceled.')).toBeVisible();
    await dialog.getByLabel('Reason').fill('Customer returned the stoves unopened');
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await expect(seller.getByText(`${number} canceled`)).toBeVisible();
    await expect(dialog).toBeHidden();
    const banner = seller.getByRole('region', { name: 'Canceled' });
    await expect(banner).toContainText('Customer returned the stoves unopened');
    await expect(banner).toContainText(demoUser('Senior Sales Manager').name);
    await expect(seller.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
    for (const code of codes) await expect(ids.getByRole('row', { name: `${code} Validated` })).toBeVisible();
    // Its delivery note is offered as what it is now: canceled, and marked so on paper.
    await expect(seller.getByRole('button', { name: 'Print delivery note' })).toHaveCount(0);
    await expect(seller.getByRole('button', { name: 'Print canceled delivery note' })).toBeVisible();
    await seller.emulateMedia({ media: 'print' });
    await expect(note).toContainText('CANCELED');
    await expect(note).toContainText('Customer returned the stoves unopened');
    await seller.emulateMedia({ media: 'screen' });

    // Canceled Sales lists it with who and why; the list filtered to canceled orders too.
    await seller.goto(`/sales/canceled-sales?q=${number}`);
    await expect(seller.getByRole('heading', { level: 1, name: 'Canceled Sales' })).toBeVisible();
    const canceled = seller.getByRole('table', { name: 'Canceled sales' });
    await expect(canceled.getByRole('row')).toHaveCount(2);
    await expect(canceled.getByRole('row').nth(1)).toContainText('Customer returned the stoves unopened');
    await expect(canceled.getByRole('row').nth(1)).toContainText(demoUser('Senior Sales Manager').name);
    await expect(seller.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      `/api/sales/orders/export.csv?q=${number}&sort=canceledAt&dir=desc&status=canceled`,
    );
    await canceled.getByRole('link', { name: number }).click();
    await expect(seller.getByRole('heading', { level: 1, name: `Sales order ${number}` })).toBeVisible();
    await seller.getByRole('link', { name: 'Back to Canceled Sales' }).click();
    await expect(seller).toHaveURL(/\/sales\/canceled-sales\?q=SO-\d{6}$/);
    await seller.goto(`/sales/sales-order?status=canceled&q=${number}`);
    await expect(seller.getByRole('table', { name: 'Sales orders' }).getByRole('row').nth(1)).toContainText('Canceled');

    // The ID's history: sold on the order (a link to it), then returned; it is on its stove report again.
    await seller.goto(`/stove-id/management/${codes[1]}`);
    await expect(seller.getByTestId('stove-id-summary')).toContainText(/Current document\s*Stove report\s*SR-\d{6}/);
    const history = seller.getByRole('list', { name: 'History, oldest first' });
    await expect(history.getByRole('heading', { name: 'Sold', exact: true })).toBeVisible();
    await expect(history.getByRole('heading', { name: 'Returned: sale canceled' })).toBeVisible();
    await history.getByRole('link', { name: number }).first().click();
    await expect(seller.getByRole('heading', { level: 1, name: `Sales order ${number}` })).toBeVisible();
  },
);

test('an ID coupled as another model is flagged while scanning and keeps the order from being saved', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const admin = await signedIn(browser, 'Admin');
  const setup = await saleSetup(admin);
  const code = uniquePrefix().slice(-8);
  const other = await post<Ref>(admin, '/api/ckd/categories', {
    name: `Kit W${code}`,
    code: `W${code}`,
    stoveModel: `Jiko W${code}`,
  });
  const [right1 = '', right2 = ''] = await validatedIds(admin, 'KSM', 2, setup.model);
  const [wrong = ''] = await validatedIds(admin, 'KSM', 1, other);
  const ksm = await factoryByCode(admin, 'KSM');

  await admin.goto('/sales/sales-order?new=1');
  await admin.getByLabel('Factory').selectOption(ksm.id);
  await chooseCustomer(admin, setup.customer.name);
  await admin.getByLabel('Package, line 1').selectOption(setup.pkg.id);
  await admin.getByLabel('Quantity').fill('1');
  await scan(admin, [right1, wrong]);
  await expect(codeList(admin).getByRole('listitem').filter({ hasText: wrong })).toContainText(
    `Wrong model: ${other.name}; this order needs ${setup.model.name}`,
  );
  await expect(saveButton(admin)).toBeDisabled();
  await admin.getByRole('button', { name: `Remove ${wrong}` }).click();
  await scan(admin, [right2]);
  await expect(admin.getByText('2 can be sold, 0 cannot.')).toBeVisible();
  await expect(saveButton(admin)).toBeEnabled();
});

test('a Sales Officer sees an order without a Cancel button and cannot cancel through the API', async ({ browser }) => {
  test.setTimeout(240_000);
  const admin = await signedIn(browser, 'Admin');
  const setup = await saleSetup(admin);
  const codes = await validatedIds(admin, 'KSM', 2, setup.model);
  const order = await sell(admin, setup, 'KSM', codes);
  const number = salesOrderNumberLabel(order.number);

  const officer = await signedIn(browser, 'Sales Officer');
  await officer.goto(`/sales/sales-order?q=${number}`);
  await officer.getByRole('table', { name: 'Sales orders' }).getByRole('link', { name: number }).click();
  await expect(officer.getByRole('heading', { level: 1, name: `Sales order ${number}` })).toBeVisible();
  await expect(officer.getByRole('button', { name: 'Print delivery note' })).toBeVisible();
  await expect(officer.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  // Officers do not open Stove ID Management: the codes are plain text.
  await expect(officer.getByRole('row', { name: `${codes[0]} Sold` })).toBeVisible();
  await expect(officer.getByRole('link', { name: codes[0] })).toHaveCount(0);
  const refused = await officer.request.post(`/api/sales/orders/${order.id}/cancel`, { data: { reason: 'Mine' } });
  expect(refused.status()).toBe(403);
  // An order that does not exist (or is another factory's) says so, with a way back.
  await officer.goto(`/sales/sales-order/${randomUUID()}`);
  await expect(officer.getByRole('heading', { name: 'This sales order could not be opened' })).toBeVisible();
  await expect(officer.getByText('No such sales order')).toBeVisible();
  await expect(officer.getByRole('button', { name: 'Try again' })).toBeVisible();
  // Canceled Sales is for managers.
  await officer.goto('/sales/canceled-sales');
  await expect(officer.getByText("You don't have permission to access this page.", { exact: false })).toBeVisible();
});

test('a Factory Manager on a phone sells from their own factory; an order the server refuses names the ID', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const admin = await signedIn(browser, 'Admin');
  const setup = await saleSetup(admin);
  const codes = await validatedIds(admin, 'MSA', 4, setup.model);
  const manager = await signedIn(browser, 'Factory Manager', { phone: true });
  // What is tested here is the server's refusal; the next test shows the open form re-checked live.
  await holdLiveUpdates(manager);

  await manager.goto('/sales/sales-order?new=1');
  await expect(manager.getByRole('heading', { level: 1, name: 'New sales order' })).toBeVisible();
  // The factory is theirs, not a choice.
  await expect(manager.getByText('Mombasa Assembly (MSA)')).toBeVisible();
  await expect(manager.getByRole('combobox', { name: 'Factory' })).toHaveCount(0);
  await chooseCustomer(manager, setup.customer.name);
  await manager.getByLabel('Package, line 1').selectOption(setup.pkg.id);
  await manager.getByLabel('Quantity').fill('1');
  await expect(manager.getByTestId('order-id-progress')).toHaveText('0 of 2 stove IDs: scan 2 more.');
  await manager.getByRole('tab', { name: 'Paste' }).click();
  await manager.getByLabel('Paste stove IDs').fill(`${codes[0]}\n${codes[1]}`);
  await manager.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(manager.getByText('2 can be sold, 0 cannot.')).toBeVisible();
  await expect(saveButton(manager)).toBeEnabled();
  // Nothing on the page is wider than the phone.
  expect(await manager.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  // Someone sells one of these IDs meanwhile: the server refuses the whole order and says which.
  await sell(admin, setup, 'MSA', [codes[1]!, codes[2]!]);
  await saveButton(manager).click();
  await expect(manager.getByText('The order was not saved')).toBeVisible();
  const refused = manager.getByRole('table', { name: /^The order was refused/ });
  await expect(refused).toContainText(codes[1]!);
  await expect(refused).toContainText('Already sold');
  await expect(codeList(manager).getByRole('listitem').filter({ hasText: codes[1]! })).toContainText('Already sold');
  await expect(manager).toHaveURL(/\?new=1$/);

  // Swap it for another ID and sell.
  await manager.getByRole('button', { name: 'Remove the 1 stove ID that cannot be sold' }).click();
  await manager.getByRole('tab', { name: 'Scan' }).click();
  await scan(manager, [codes[3]!]);
  await expect(manager.getByText('2 can be sold, 0 cannot.')).toBeVisible();
  await saveButton(manager).click();
  await expect(manager.getByText(/^Order SO-\d{6} saved$/)).toBeVisible();
  await expect(manager.getByRole('heading', { level: 1, name: /^Sales order SO-\d{6}$/ })).toBeVisible();
  await expect(manager.getByText('Mombasa Assembly (MSA)')).toBeVisible();
  expect(await manager.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  // Their list (cards on a phone) has no factory filter among its filters: it is their factory's.
  await manager.goto('/sales/sales-order');
  await expect(manager.getByRole('list', { name: 'Sales orders' })).toBeVisible();
  await manager.getByRole('button', { name: 'Filters' }).click();
  await expect(manager.getByLabel('Status')).toBeVisible();
  await expect(manager.getByLabel('Factory')).toHaveCount(0);
});

test('an ID sold elsewhere while the order is open turns Already sold and blocks saving, without a reload', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await signedIn(browser, 'Admin');
  const setup = await saleSetup(admin);
  const codes = await validatedIds(admin, 'MSA', 3, setup.model);
  const manager = await signedIn(browser, 'Factory Manager');

  await manager.goto('/sales/sales-order?new=1');
  await expect(manager.locator('main[data-live="open"]')).toBeVisible();
  await chooseCustomer(manager, setup.customer.name);
  await manager.getByLabel('Package, line 1').selectOption(setup.pkg.id);
  await manager.getByLabel('Quantity').fill('1');
  await scan(manager, [codes[0]!, codes[1]!]);
  await expect(manager.getByText('2 can be sold, 0 cannot.')).toBeVisible();
  await expect(saveButton(manager)).toBeEnabled();

  // (A package is two stoves.)
  await sell(admin, setup, 'MSA', [codes[1]!, codes[2]!]);
  await expect(codeList(manager).getByRole('listitem').filter({ hasText: codes[1]! })).toContainText(
    'Already sold',
    LIVE,
  );
  await expect(manager.getByText('1 can be sold, 1 cannot.')).toBeVisible();
  await expect(saveButton(manager)).toBeDisabled();
  await expect(codeList(manager).getByRole('listitem').filter({ hasText: codes[0]! })).toContainText('can be sold');
});

test('Enter pressed before the search answers chooses the customer typed, not one of the earlier search', async ({
  browser,
}) => {
  const admin = await signedIn(browser, 'Admin');
  const token = uniquePrefix();
  const customers = await Promise.all(
    ['Achieng Stores', 'Baraka Traders'].map(async (name, i) => {
      const customer = { name: `${token} ${name}`, contact: `Contact ${i} ${token}`, region: 'Kisumu' };
      await post(admin, '/api/partners', { ...customer, contactPerson: customer.contact, type: 'retailer' });
      return customer;
    }),
  );
  const [earlier, wanted] = customers as [(typeof customers)[0], (typeof customers)[0]];
  const page = await signedIn(browser, 'Senior Sales Manager');
  await page.goto('/sales/sales-order?new=1');
  const box = page.getByRole('combobox', { name: 'Customer' });
  const matches = page.getByRole('listbox', { name: 'Customer: matches' }).getByRole('option');

  // A search that finds only the earlier customer.
  await box.fill(earlier.name);
  await expect(matches).toHaveCount(1);
  await expect(matches.first()).toHaveAccessibleName(new RegExp(earlier.name));

  // The next search is held, so the list still shows the earlier customer when Enter is pressed.
  const release = await holdRequests(page, '**/api/partners?*');
  await box.fill(wanted.name);
  await box.press('Enter');
  await expect(matches.first()).toHaveAccessibleName(new RegExp(earlier.name));
  await expect(box).toHaveValue(wanted.name);
  await expect(page.getByLabel('Buyer name')).toHaveValue('');

  // Once it answers, Enter takes its only match.
  release();
  await expect(page.getByLabel('Buyer name')).toHaveValue(wanted.contact);
  await expect(box).toHaveValue(wanted.name);
  await expect(box).toHaveAccessibleDescription(`${wanted.contact} · Kisumu`);
  await page.unroute('**/api/partners?*');
});

test('the sales order screens have no serious accessibility problems', async ({ browser }) => {
  test.setTimeout(240_000);
  const admin = await signedIn(browser, 'Admin');
  const setup = await saleSetup(admin);
  const codes = await validatedIds(admin, 'NBO', 4, setup.model);
  const order = await sell(admin, setup, 'NBO', codes.slice(0, 2));
  await post(admin, `/api/sales/orders/${order.id}/cancel`, { reason: 'Wrong customer' }, 200);
  const page = await signedIn(browser, 'Senior Sales Manager');

  await page.goto('/sales/sales-order');
  await expect(page.getByRole('table', { name: 'Sales orders' }).getByRole('row').nth(1)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/sales/sales-order?new=1');
  await page.getByLabel('Factory').selectOption({ label: 'Nairobi Central Plant (NBO)' });
  await chooseCustomer(page, setup.customer.name);
  await page.getByLabel('Package, line 1').selectOption(setup.pkg.id);
  await scan(page, [codes[2]!, 'NOT-A-CODE!']);
  await expect(page.getByText('1 can be sold, 1 cannot.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  // The customer list open, too.
  await page.getByRole('combobox', { name: 'Customer' }).fill(setup.customer.name.slice(0, 6));
  await expect(page.getByRole('listbox', { name: 'Customer: matches' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto(`/sales/sales-order/${order.id}`);
  await expect(page.getByRole('region', { name: 'Canceled' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/sales/canceled-sales');
  await expect(page.getByRole('table', { name: 'Canceled sales' }).getByRole('row').nth(1)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('a manager returns 2 stove IDs of an order: scanned in the dialog, a credit note, the order and Canceled Sales show it', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const admin = await signedIn(browser, 'Admin');
  const setup = await saleSetup(admin);
  const codes = await validatedIds(admin, 'NBO', 6, setup.model);
  const page = await signedIn(browser, 'Senior Sales Manager');
  const order = await sell(page, setup, 'NBO', codes);
  const number = salesOrderNumberLabel(order.number);
  const returned = [codes[0] ?? '', codes[3] ?? ''];

  await page.goto(`/sales/sales-order/${order.id}`);
  await page.getByRole('button', { name: 'Return stoves' }).click();
  const dialog = page.getByRole('dialog', { name: `Return stoves of ${number}` });
  await scan(page, [returned[0]?.toLowerCase() ?? '', 'NOPE-00001', returned[1] ?? '']);
  await expect(dialog.getByRole('alert')).toContainText(`Not stove IDs of ${number} left to return: NOPE-00001`);
  for (const code of returned) await expect(dialog.getByRole('checkbox', { name: code })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: codes[1] ?? '' })).not.toBeChecked();
  await dialog.getByLabel('Reason').fill('Two stoves arrived with cracked liners');
  await dialog.getByRole('button', { name: 'Return stoves' }).click();
  // 2 stoves of a KES 1,500.00 pair: 750.00 each.
  await expect(dialog.getByRole('status').last()).toHaveText(
    `Return 2 stove IDs of ${number}, crediting KES 1,500.00. They go back to validated and can be sold again.`,
  );
  await dialog.getByRole('button', { name: 'Confirm return of 2 stove IDs' }).click();

  // The return note opens, with its printable credit note.
  await expect(page).toHaveURL(/\/sales\/returns\/[0-9a-f-]{36}$/);
  const heading = page.getByRole('heading', { level: 1, name: /^Return note RN-\d{6}$/ });
  await expect(heading).toBeVisible();
  const rn = ((await heading.textContent()) ?? '').replace('Return note ', '');
  await expect(
    page.getByRole('definition').filter({ hasText: 'Two stoves arrived with cracked liners' }),
  ).toBeVisible();
  for (const code of returned)
    await expect(page.getByRole('row', { name: new RegExp(code) })).toContainText('KES 750.00');
  await page.emulateMedia({ media: 'print' });
  const note = page.getByRole('article', { name: `Credit note ${rn}` });
  await expect(note).toContainText(number);
  await expect(note).toContainText('KES 1,500.00');
  await page.emulateMedia({ media: 'screen' });
  expect(await seriousViolations(page)).toEqual([]);

  // The order: still completed, its Returns section, each returned ID marked.
  await page.getByRole('definition').getByRole('link', { name: number }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Sales order ${number}` })).toBeVisible();
  const returns = page.getByRole('table', { name: `Returns of ${number}` });
  await expect(returns.getByRole('row').nth(1)).toContainText(rn);
  await expect(returns.getByRole('row').nth(1)).toContainText('Two stoves arrived with cracked liners');
  await expect(page.getByText('Returned 2 of 6 stoves')).toBeVisible();
  for (const code of returned)
    await expect(page.getByRole('row', { name: `${code} Validated Returned (${rn})` })).toBeVisible();

  // Canceled Sales: the Returns tab lists it.
  await page.goto('/sales/canceled-sales');
  await page.getByRole('tab', { name: 'Returns' }).click();
  await expect(page).toHaveURL(/view=returns/);
  const list = page.getByRole('table', { name: 'Returns' });
  await expect(list.getByRole('row', { name: new RegExp(rn) })).toContainText('Two stoves arrived with cracked liners');
  await list.getByRole('link', { name: rn }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Return note ${rn}` })).toBeVisible();
});
