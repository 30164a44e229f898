/** User Management (/users, /users/profiles): create a user, their sessions, deactivation, group permissions, accessibility. */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { demoUser, login, mainNav, readMenu, seriousViolations, signedIn } from './support';
import { COMPONENTS } from '../src/common/permissions';

function usersTable(page: Page) {
  return page.getByRole('table', { name: 'Users' });
}

/** Signs in through the login screen in a new browser context (a second person's browser). */
async function signInElsewhere(browser: Browser, email: string, password: string, name: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText(`Welcome, ${name}`)).toBeVisible();
  return { context, page };
}

test(
  'an Admin creates a user who signs in; deactivating them ends their open session',
  { tag: '@smoke' },
  async ({ page, browser }) => {
    // Two browsers and a long flow: 35 s once on a loaded 2-core CI machine.
    test.setTimeout(120_000);
    const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
    const email = `e2e-${stamp}@example.com`;
    const name = `Esther E2E ${stamp}`;
    const password = 'e2e-password-123';

    await login(page, 'Admin');
    await page.goto('/users');
    await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Users', selected: true })).toBeVisible();

    // New user: email, name, password, groups, factory.
    await page.getByRole('button', { name: 'New user' }).first().click();
    const form = page.getByRole('dialog', { name: 'New user' });
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Password', { exact: true }).fill(password);
    await form.getByRole('checkbox', { name: 'Sales Officer' }).check();
    await form.getByLabel('Factory', { exact: true }).selectOption({ label: 'Mombasa Assembly (MSA)' });
    await form.getByRole('button', { name: 'Create user' }).click();
    await expect(page.getByText(`User ${email} created`)).toBeVisible();
    await expect(form).toBeHidden();

    // They sign in in their own browser.
    const other = await signInElsewhere(browser, email, password, name);

    // The Admin finds them, sees their session and who is online.
    await page.getByLabel('Search users').fill(stamp);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${stamp}`));
    const table = usersTable(page);
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('cell', { name, exact: true })).toBeVisible();
    await expect(table.getByRole('cell', { name: 'Mombasa Assembly (MSA)' })).toBeVisible();
    const actions = page.getByRole('button', { name: `Actions for ${name} (${email})` });
    await actions.click();
    await page.getByRole('menuitem', { name: 'Sessions' }).click();
    const sheet = page.getByRole('dialog', { name: `Sessions of ${name}` });
    await expect(sheet.getByRole('list', { name: 'Sessions' }).getByRole('listitem')).toHaveCount(1);
    await expect(sheet.getByRole('button', { name: /^Revoke session/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();

    // Deactivate, after a confirmation.
    await actions.click();
    await page.getByRole('menuitem', { name: 'Deactivate' }).click();
    const confirm = page.getByRole('alertdialog', { name: `Deactivate ${name}?` });
    await expect(confirm).toContainText('signed out everywhere');
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await expect(page.getByText(`${name} deactivated`)).toBeVisible();
    await expect(table.getByText('Deactivated', { exact: true })).toBeVisible();

    // Their open session has ended: the next navigation lands on the login screen.
    await other.page.goto('/calendar');
    await expect(other.page).toHaveURL(/\/auth$/);
    await expect(other.page.getByRole('button', { name: 'Login' })).toBeVisible();
    // And they cannot sign in again.
    await other.page.getByLabel('Email').fill(email);
    await other.page.getByLabel('Password').fill(password);
    await other.page.getByRole('button', { name: 'Login' }).click();
    await expect(other.page.getByText(/deactivated/i).first()).toBeVisible();
    await other.context.close();
  },
);

test('an Admin grants a group a component and its users see the menu change after a reload', async ({
  page,
  browser,
}) => {
  // Two browsers and a long flow, like the one above.
  test.setTimeout(120_000);
  // Sales Officer × inventory-management: no other spec relies on it.
  const officerPage = await signedIn(browser, 'Sales Officer');
  await officerPage.goto('/');
  expect((await readMenu(officerPage)).some((line) => line.startsWith('Inventory Management'))).toBe(false);

  await login(page, 'Admin');
  await page.goto('/users?tab=permissions');
  await expect(page.getByRole('tab', { name: 'Group permissions', selected: true })).toBeVisible();
  const box = page.getByRole('checkbox', { name: 'Sales Officer: Inventory Management' });
  await expect(box).not.toBeChecked();
  await box.click();
  await expect(page.getByText('Sales Officer: Inventory Management granted')).toBeVisible();
  await expect(box).toBeChecked();

  try {
    await officerPage.reload();
    await expect(mainNav(officerPage)).toBeVisible();
    const menu = await readMenu(officerPage);
    expect(menu).toContain('Inventory Management > Overview');
  } finally {
    // Leave the demo data as it was.
    await box.click();
    await expect(page.getByText('Sales Officer: Inventory Management revoked')).toBeVisible();
    await expect(box).not.toBeChecked();
  }
  await officerPage.reload();
  await expect(mainNav(officerPage)).toBeVisible();
  expect((await readMenu(officerPage)).some((line) => line.startsWith('Inventory Management'))).toBe(false);
  await officerPage.context().close();
});

test('the permissions grid names each component by its menu title and what it allows, never by its key', async ({
  page,
}) => {
  await login(page, 'Admin');
  await page.goto('/users?tab=permissions');
  const grid = page.getByRole('table', { name: 'Group permissions' });
  const stoveIds = grid.getByRole('rowheader', { name: /^Stove ID Management/ });
  await expect(stoveIds.getByText('Stove ID Management', { exact: true })).toBeVisible();
  await expect(
    stoveIds.getByText('Open Stove ID Management, Stove Transfer, Transfer Confirmations and Transfer History', {
      exact: true,
    }),
  ).toBeVisible();
  const ckdCategories = grid.getByRole('rowheader', { name: /^CKD Categories/ });
  await expect(ckdCategories.getByText('CKD Categories', { exact: true })).toBeVisible();
  await expect(ckdCategories.getByText('Edit CKD categories', { exact: true })).toBeVisible();
  await expect(grid.getByRole('checkbox', { name: 'Admin: Stove ID Management', exact: true })).toBeChecked();
  // No key anywhere: not on screen, not in a checkbox's name.
  // One row a component, the Carbon Programme's among them.
  await expect(grid.getByRole('rowheader')).toHaveCount(COMPONENTS.length);
  await expect(grid.getByRole('rowheader', { name: /^Carbon Programme/ })).toBeVisible();
  await expect(grid).not.toContainText('stove-id-management');
  await expect(grid).not.toContainText(/\b[a-z]+(-[a-z]+)+\b/);
  await expect(grid.getByRole('checkbox', { name: /\b[a-z]+(-[a-z]+)+\b/ })).toHaveCount(0);
});

test('the tab follows the URL', async ({ page }) => {
  await login(page, 'Admin');
  await page.goto('/users');
  await page.getByRole('tab', { name: 'Group permissions' }).click();
  await expect(page).toHaveURL(/\/users\?tab=permissions$/);
  await expect(page.getByRole('table', { name: 'Group permissions' })).toBeVisible();
  await page.getByRole('tab', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(/\/users\?tab=audit$/);
  await expect(page.getByRole('table', { name: 'Audit log' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('tab', { name: 'Group permissions', selected: true })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('tab', { name: 'Users', selected: true })).toBeVisible();
  await expect(usersTable(page)).toBeVisible();
});

test('User Profiles: search and edit a profile', async ({ page }) => {
  await login(page, 'Admin');
  await page.goto('/users/profiles');
  await expect(page.getByRole('heading', { level: 1, name: 'User Profiles' })).toBeVisible();
  const coupler = demoUser('Stove Coupler');
  await page.getByLabel('Search profiles').fill(coupler.email);
  const table = page.getByRole('table', { name: 'User profiles' });
  await expect(table.getByRole('row')).toHaveCount(2);
  const name = coupler.name;
  await page.getByRole('button', { name: `Actions for ${name} (${coupler.email})` }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: `Edit profile of ${name}` });
  const title = `Coupler ${Date.now().toString(36)}`;
  await dialog.getByLabel('Job title').fill(title);
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`Profile of ${name} saved`)).toBeVisible();
  await expect(table.getByRole('cell', { name: title })).toBeVisible();
});

test('User Management, its permissions tab and User Profiles have no serious accessibility violation', async ({
  page,
}) => {
  await login(page, 'Admin');
  await page.goto('/users');
  await expect(usersTable(page).getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByText('Online now')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/users?tab=permissions');
  await expect(page.getByRole('checkbox', { name: 'Admin: Dashboard' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/users/profiles');
  await expect(page.getByRole('table', { name: 'User profiles' }).getByRole('row').nth(1)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('a user with user-management who is not an Admin sees the permissions read-only, no audit log and no backups', async ({
  page,
  browser,
}) => {
  // Stove Coupler × user-management for the length of this test (no other spec relies on it).
  await login(page, 'Admin');
  const grant = (granted: boolean) =>
    page.request.put('/api/group-permissions', {
      data: { group: 'Stove Coupler', component: 'user-management', granted },
    });
  expect((await grant(true)).status()).toBe(200);
  try {
    const couplerPage = await signedIn(browser, 'Stove Coupler');
    await couplerPage.goto('/users?tab=permissions');
    const box = couplerPage.getByRole('checkbox', { name: 'Sales Officer: Inventory Management' });
    await expect(box).toBeDisabled();
    await expect(couplerPage.getByText('Only members of the Admin group can change group permissions.')).toBeVisible();
    await expect(couplerPage.getByRole('tab', { name: 'Audit log' })).toHaveCount(0);
    await expect(couplerPage.getByRole('tab', { name: 'Backups' })).toHaveCount(0);
    await couplerPage.context().close();
  } finally {
    expect((await grant(false)).status()).toBe(200);
  }
});
