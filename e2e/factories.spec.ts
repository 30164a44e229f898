/** Factory Management (/factory): the list kit (search, filters, sort, URL state) and the form kit on a real screen. */
import { expect, test, type Page } from '@playwright/test';
import { addDays, dayLabel } from '../src/common/calendar-days';
import { demoToday } from '../src/server/demo/accounts';
import { failUntilRetry, holdRequests, login, seriousViolations } from './support';

const DENIED =
  "You don't have permission to access this page. Please contact your administrator if you believe this is an error.";

/** A code nobody else used in this run: 2-10 upper-case letters or digits. */
function uniqueCode(prefix: string): string {
  const stamp = Date.now().toString(36) + Math.floor(Math.random() * 36).toString(36);
  return `${prefix}${stamp}`.toUpperCase().slice(0, 10);
}

async function createFactoryThroughApi(page: Page, input: { name: string; code: string; kind: string }) {
  const response = await page.request.post('/api/factories', { data: input });
  expect(response.status()).toBe(201);
}

function factoriesTable(page: Page) {
  return page.getByRole('table', { name: 'Factories' });
}

test('an admin creates, searches, edits, deactivates a factory and finds it among the inactive ones', async ({
  page,
}) => {
  const code = uniqueCode('E');
  const name = `E2E Plant ${code}`;
  await login(page, 'Admin');
  await page.goto('/factory');
  await expect(page.getByRole('heading', { level: 1, name: 'Factory Management' })).toBeVisible();

  // Create (the code is typed in lower case and stored in capitals).
  await page.getByRole('button', { name: 'New factory' }).first().click();
  const form = page.getByRole('dialog', { name: 'New factory' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Code').fill(code.toLowerCase());
  await form.getByLabel('Kind').selectOption('plant');
  await form.getByLabel('Location').fill('Nairobi');
  await form.getByRole('button', { name: 'Create factory' }).click();
  await expect(page.getByText(`Factory ${code} created`)).toBeVisible();
  await expect(form).toBeHidden();

  // Search by code: the URL follows, one row.
  await page.getByLabel('Search factories').fill(code);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${code}`));
  const table = factoriesTable(page);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('cell', { name: code, exact: true })).toBeVisible();
  await expect(table.getByRole('cell', { name: 'Nairobi', exact: true })).toBeVisible();
  await expect(page.getByTestId('data-table-total')).toHaveText('1 factory');

  // Edit: the form opens filled in.
  await page.getByRole('button', { name: `Actions for ${name} (${code})` }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: `Edit factory ${code}` });
  await expect(edit.getByLabel('Name')).toHaveValue(name);
  await expect(edit.getByLabel('Kind')).toHaveValue('plant');
  await edit.getByLabel('Name').fill(`${name} renamed`);
  await edit.getByLabel('Kind').selectOption('both');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`Factory ${code} saved`)).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(table.getByRole('cell', { name: `${name} renamed`, exact: true })).toBeVisible();
  await expect(table.getByRole('cell', { name: 'Plant and assembly', exact: true })).toBeVisible();

  // Deactivate, after the confirmation that explains what it means.
  await page.getByRole('button', { name: `Actions for ${name} renamed (${code})` }).click();
  await page.getByRole('menuitem', { name: 'Deactivate' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Deactivate ${name} renamed?` });
  await expect(confirm).toContainText("can't get new users or stock");
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByText(`Factory ${code} deactivated`)).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(table.getByText('Inactive', { exact: true })).toBeVisible();

  // Only the inactive ones: it is there; only the active ones: it is not.
  await page.getByLabel('Status').selectOption('false');
  await expect(page).toHaveURL(/[?&]active=false/);
  await expect(table.getByRole('cell', { name: code, exact: true })).toBeVisible();
  await page.getByLabel('Status').selectOption('true');
  await expect(page.getByText('No factories match the search and filters')).toBeVisible();

  // Reactivate from the inactive list.
  await page.getByLabel('Status').selectOption('false');
  await page.getByRole('button', { name: `Actions for ${name} renamed (${code})` }).click();
  await page.getByRole('menuitem', { name: 'Reactivate' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Reactivate' }).click();
  await expect(page.getByText(`Factory ${code} reactivated`)).toBeVisible();
});

test('a taken code is reported next to the Code field, and closing a changed form asks first', async ({ page }) => {
  const code = uniqueCode('D');
  await login(page, 'Admin');
  await createFactoryThroughApi(page, { name: `Taken ${code}`, code, kind: 'assembly' });
  await page.goto('/factory');

  await page.getByRole('button', { name: 'New factory' }).first().click();
  const form = page.getByRole('dialog', { name: 'New factory' });
  await form.getByRole('button', { name: 'Create factory' }).click();
  await expect(form.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('Name is required')).toBeVisible();

  await form.getByLabel('Name').fill('Second site');
  await form.getByLabel('Code').fill(code);
  await form.getByLabel('Kind').selectOption('assembly');
  await form.getByRole('button', { name: 'Create factory' }).click();
  const codeField = form.getByLabel('Code');
  await expect(codeField).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText(`Code ${code} is already used by another factory.`)).toBeVisible();

  await page.keyboard.press('Escape');
  const discard = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
  await expect(discard).toBeVisible();
  await discard.getByRole('button', { name: 'Keep editing' }).click();
  await expect(form.getByLabel('Name')).toHaveValue('Second site');
  await form.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Discard changes' }).click();
  await expect(form).toBeHidden();
});

test('a searched, filtered and sorted list can be bookmarked and reopened as it was', async ({ page, context }) => {
  const token = uniqueCode('B');
  await login(page, 'Admin');
  await createFactoryThroughApi(page, { name: `${token} Alpha`, code: `${token.slice(0, 8)}A1`, kind: 'assembly' });
  await createFactoryThroughApi(page, { name: `${token} Beta`, code: `${token.slice(0, 8)}B2`, kind: 'assembly' });
  await createFactoryThroughApi(page, { name: `${token} Gamma`, code: `${token.slice(0, 8)}C3`, kind: 'plant' });
  await page.goto('/factory');

  await page.getByLabel('Search factories').fill(token);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${token}`));
  await page.getByLabel('Kind').selectOption('assembly');
  await expect(page).toHaveURL(/[?&]kind=assembly/);
  const table = factoriesTable(page);
  await table.getByRole('button', { name: 'Code', exact: true }).click();
  await expect(page).toHaveURL(/[?&]sort=code/);
  await table.getByRole('button', { name: 'Code', exact: true }).click();
  await expect(page).toHaveURL(/[?&]dir=desc/);
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row').nth(1)).toContainText(`${token} Beta`);
  await expect(table.getByRole('row').nth(2)).toContainText(`${token} Alpha`);

  const bookmark = page.url();
  const reopened = await context.newPage();
  await reopened.goto(bookmark);
  const again = factoriesTable(reopened);
  await expect(reopened.getByLabel('Search factories')).toHaveValue(token);
  await expect(reopened.getByLabel('Kind')).toHaveValue('assembly');
  await expect(reopened.getByLabel('Status')).toHaveValue('');
  await expect(again.getByRole('columnheader', { name: 'Code' })).toHaveAttribute('aria-sort', 'descending');
  await expect(again.getByRole('row')).toHaveCount(3);
  await expect(again.getByRole('row').nth(1)).toContainText(`${token} Beta`);
  await expect(again.getByRole('row').nth(2)).toContainText(`${token} Alpha`);
  await expect(reopened.getByTestId('data-table-total')).toHaveText('2 factories');
  await expect(reopened.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
    'href',
    `/api/factories/export.csv?q=${token}&sort=code&dir=desc&kind=assembly`,
  );
});

test('a user without factory-management sees Access Denied at /factory', async ({ page }) => {
  await login(page, 'Sales Officer');
  await page.goto('/factory');
  await expect(page.getByText('Access Denied')).toBeVisible();
  await expect(page.getByText(DENIED)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Factories' })).toHaveCount(0);
});

test('the factories page and its open form have no serious accessibility violation', async ({ page }) => {
  await login(page, 'Admin');
  await page.goto('/factory');
  await expect(factoriesTable(page).getByRole('row').nth(1)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'New factory' }).first().click();
  const form = page.getByRole('dialog', { name: 'New factory' });
  await form.getByRole('button', { name: 'Create factory' }).click();
  await expect(form.getByText('Name is required')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('keyset paging: Next, Previous, and First page on a page opened from a link', async ({ page, context }) => {
  await login(page, 'Admin');
  await page.goto('/factory?sort=code&limit=1');
  const table = factoriesTable(page);
  const pages = page.getByRole('navigation', { name: 'Factories pages' });
  await expect(pages.getByTestId('data-table-page')).toHaveText('Page 1');
  // Read the first code only once the rows have replaced the loading skeleton.
  const firstCell = table.getByRole('row').nth(1).getByRole('cell').first();
  await expect(firstCell).toHaveText(/\S/);
  const firstCode = ((await firstCell.textContent()) ?? '').trim();
  expect(firstCode).not.toBe('');

  await pages.getByRole('button', { name: 'Next' }).click();
  await expect(pages.getByTestId('data-table-page')).toHaveText('Page 2');
  await expect(page).toHaveURL(/[?&]cursor=/);
  await expect(table.getByRole('row').nth(1).getByRole('cell').first()).not.toHaveText(firstCode);
  const secondPage = page.url();

  await pages.getByRole('button', { name: 'Previous' }).click();
  await expect(pages.getByTestId('data-table-page')).toHaveText('Page 1');
  await expect(table.getByRole('row').nth(1).getByRole('cell').first()).toHaveText(firstCode);
  await expect(pages.getByRole('button', { name: 'Previous' })).toBeDisabled();

  // A deep page opened from a link: its position is unknown, "First page" goes back to the start.
  const linked = await context.newPage();
  await linked.goto(secondPage);
  const linkedPages = linked.getByRole('navigation', { name: 'Factories pages' });
  await expect(linkedPages.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await linkedPages.getByRole('button', { name: 'First page' }).click();
  await expect(linkedPages.getByTestId('data-table-page')).toHaveText('Page 1');
  await expect(factoriesTable(linked).getByRole('row').nth(1).getByRole('cell').first()).toHaveText(firstCode);
});

test('the list shows skeleton rows while loading and an error with Retry when loading fails', async ({ page }) => {
  await login(page, 'Admin');
  const release = await holdRequests(page, '**/api/factories?*');
  await page.goto('/factory');
  await expect(page.getByTestId('data-table-skeleton-row').first()).toBeVisible();
  await expect(page.getByTestId('data-table-total')).toHaveText('Loading factories...');
  release();
  await expect(factoriesTable(page).getByRole('row').nth(1)).toBeVisible();
  await page.unroute('**/api/factories?*');

  // The query is retried once; both attempts fail, then Retry succeeds.
  const failing = await failUntilRetry(page, '**/api/factories?*', { message: 'The database is unavailable.' });
  await page.goto('/factory?q=nothing-cached');
  const alert = page.getByRole('alert').filter({ hasText: 'Could not load factories.' });
  await expect(alert).toContainText('The database is unavailable.');
  await failing.retry(alert);
  await expect(alert).toBeHidden();
  await expect(page.getByText('No factories match the search and filters')).toBeVisible();
});

test('hidden columns stay hidden after a reload', async ({ page }) => {
  await login(page, 'Admin');
  await page.goto('/factory');
  const table = factoriesTable(page);
  await expect(table.getByRole('columnheader', { name: 'Location' })).toBeVisible();
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Location' }).click();
  await page.keyboard.press('Escape');
  await expect(table.getByRole('columnheader', { name: 'Location' })).toHaveCount(0);
  await page.reload();
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Location' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Location' }).click();
  await page.keyboard.press('Escape');
  await expect(table.getByRole('columnheader', { name: 'Location' })).toBeVisible();
});

test('leaving the page with a changed form asks first', async ({ page }) => {
  await login(page, 'Admin');
  await page.goto('/');
  // Arrive through the menu, so Back is a navigation inside the app.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Factory Management' }).click();
  await expect(page).toHaveURL(/\/factory$/);
  await page.getByRole('button', { name: 'New factory' }).first().click();
  const form = page.getByRole('dialog', { name: 'New factory' });
  await form.getByLabel('Name').fill('Half-typed site');
  await page.goBack();
  const leave = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Keep editing' }).click();
  await expect(page).toHaveURL(/\/factory$/);
  await expect(form.getByLabel('Name')).toHaveValue('Half-typed site');
  await page.goBack();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Leave page' }).click();
  await expect(page).not.toHaveURL(/\/factory$/);
});

test.describe('time zones, on a device set to New York time', () => {
  // The demo company is in Nairobi (UTC+3); the browser's own zone is UTC-5 or UTC-4.
  test.use({ timezoneId: 'America/New_York' });

  test("days and times follow the factory's zone, not the device's; a factory gets its own zone", async ({ page }) => {
    await login(page, 'Admin');

    // The calendar shows a demo meeting at 08:00 Nairobi time at 08:00, not at New York's 00:00 or 01:00.
    await page.goto(`/calendar?view=list&date=${addDays(demoToday(), -1)}`);
    const standUp = page.getByRole('button', { name: /Sales team stand-up/ }).first();
    await expect(standUp).toBeVisible();
    await expect(standUp).toContainText('08:00');

    // The dashboard says whose "today" it counts.
    await page.goto('/admin-dashboard');
    await expect(page.getByText(`Every factory today (${dayLabel(demoToday())}, Nairobi time (UTC+3))`)).toBeVisible();

    // The company's zone: named, and changed only after confirming (backed out here: other tests share it).
    await page.goto('/factory');
    const company = page.getByRole('region', { name: 'Company time zone' });
    await expect(company.getByText('Nairobi time (UTC+3)')).toBeVisible();
    await company.getByLabel('Time zone').selectOption('Asia/Tokyo');
    await company.getByRole('button', { name: 'Change time zone' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Change the company time zone?' });
    await expect(confirm).toContainText('Tokyo time (UTC+9) instead of Nairobi time (UTC+3)');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    expect((await (await page.request.get('/api/me')).json()) as { companyTimeZone: string }).toMatchObject({
      companyTimeZone: 'Africa/Nairobi',
    });

    // A new factory in Tokyo: its own zone shows in the list; a bad zone cannot be chosen.
    const code = uniqueCode('TZ');
    await page.getByRole('button', { name: 'New factory' }).first().click();
    const form = page.getByRole('dialog', { name: 'New factory' });
    await form.getByLabel('Name').fill(`Tokyo Works ${code}`);
    await form.getByLabel('Code').fill(code);
    await form.getByLabel('Kind').selectOption('assembly');
    await expect(form.getByLabel('Time zone')).toHaveValue('');
    await expect(form.getByLabel('Time zone').locator('option').first()).toHaveText(
      'Company time zone (Nairobi time (UTC+3))',
    );
    await form.getByLabel('Time zone').selectOption('Asia/Tokyo');
    await form.getByRole('button', { name: 'Create factory' }).click();
    await expect(page.getByText(`Factory ${code} created`)).toBeVisible();
    await page.getByLabel('Search factories').fill(code);
    await expect(factoriesTable(page).getByRole('cell', { name: 'Tokyo time (UTC+9)' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
