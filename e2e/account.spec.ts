/** My account (header → /account): my name, my password, two-factor sign-in with TOTP; the audit log. */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { totpCode } from '../src/server/test/totp';
import { login, seriousViolations } from './support';

const PASSWORD = 'charcoal-jiko-lantern';

/** A fresh user made by the demo Admin through the API (the demo users stay as they are), then signed out. */
async function createUser(page: Page, name: string): Promise<{ email: string; name: string }> {
  const email = `e2e-account-${randomUUID().slice(0, 8)}@example.com`;
  await login(page, 'Admin');
  const response = await page.request.post('/api/users', {
    data: { email, name, password: PASSWORD, groups: ['Senior Sales Manager'], factoryId: null },
  });
  expect(response.status(), await response.text()).toBe(201);
  await page.context().clearCookies();
  return { email, name };
}

async function enterCredentials(page: Page, email: string, password = PASSWORD) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth$/);
}

async function openMyAccount(page: Page) {
  await page.getByRole('link', { name: 'My account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
}

test('I change my name from My account and the header greets me with it', async ({ page }) => {
  const user = await createUser(page, 'Nia Before');
  await enterCredentials(page, user.email);
  await expect(page.getByText(`Welcome, ${user.name}`)).toBeVisible();

  await openMyAccount(page);
  const profile = page.getByRole('form', { name: 'Profile' });
  await expect(profile.getByLabel('Name')).toHaveValue(user.name);
  expect(await seriousViolations(page)).toEqual([]);

  await profile.getByLabel('Name').fill('Nia After');
  await profile.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Your name was saved')).toBeVisible();
  await expect(page.getByTestId('header-greeting')).toHaveText('Welcome, Nia After');
});

test('I change my password: a wrong current password and a common new one are shown on their fields; the new one signs me in', async ({
  page,
}) => {
  const user = await createUser(page, 'Pat Password');
  await enterCredentials(page, user.email);
  await expect(page.getByText(`Welcome, ${user.name}`)).toBeVisible();
  await openMyAccount(page);

  const form = page.getByRole('form', { name: 'Change password' });
  await form.getByLabel('Current password').fill('not-my-password');
  await form.getByLabel('New password', { exact: true }).fill('a-new-e2e-password');
  await form.getByLabel('Confirm new password').fill('a-new-e2e-password');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('The current password is not correct.')).toBeVisible();

  // One of the passwords guessers try first is refused on its field.
  await form.getByLabel('Current password').fill(PASSWORD);
  await form.getByLabel('New password', { exact: true }).fill('password123');
  await form.getByLabel('Confirm new password').fill('password123');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(
    form.getByText('This password is one of the most common passwords, which are tried first.'),
  ).toBeVisible();

  await form.getByLabel('New password', { exact: true }).fill('a-new-e2e-password');
  await form.getByLabel('Confirm new password').fill('a-new-e2e-password');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed. You were signed out on your other devices.')).toBeVisible();
  // This browser stays signed in.
  await page.reload();
  await expect(page.getByText(`Welcome, ${user.name}`)).toBeVisible();

  await signOut(page);
  await enterCredentials(page, user.email, 'a-new-e2e-password');
  await expect(page.getByText(`Welcome, ${user.name}`)).toBeVisible();
});

test('I turn on two-factor sign-in and sign in with a code, then with a backup code', async ({ page }) => {
  const user = await createUser(page, 'Tess Totp');
  await enterCredentials(page, user.email);
  await expect(page.getByText(`Welcome, ${user.name}`)).toBeVisible();
  await openMyAccount(page);
  await expect(page.getByTestId('two-factor-status')).toContainText('Off');

  // Set up: password → QR code and key → a first code → backup codes.
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set up two-factor sign-in' });
  await dialog.getByLabel('Your password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByTestId('totp-qr-code')).toBeVisible();
  const secret = (await dialog.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByLabel('Verification code').fill(totpCode(secret));
  await dialog.getByRole('button', { name: 'Verify and turn on' }).click();
  const codes = dialog.getByTestId('backup-codes').getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const backupCode = (await codes.first().innerText()).trim();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('two-factor-status')).toContainText('On');

  // Sign in again: the password is not enough any more.
  await signOut(page);
  await enterCredentials(page, user.email);
  const code = page.getByLabel('Verification code');
  await expect(code).toBeVisible();
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  expect(await seriousViolations(page)).toEqual([]);
  await code.fill(wrongCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('The verification code is not correct', { exact: false })).toBeVisible();
  await code.fill(totpCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Logged in successfully!')).toBeVisible();
  await expect(page.getByText(`Welcome, ${user.name}`)).toBeVisible();

  // And with a backup code instead of the app.
  await signOut(page);
  await enterCredentials(page, user.email);
  await page.getByRole('button', { name: 'Use a backup code' }).click();
  await page.getByLabel('Backup code').fill(backupCode);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(`Welcome, ${user.name}`)).toBeVisible();
});

test('an Admin filters the audit log by action and sees before and after', async ({ page }) => {
  const user = await createUser(page, 'Audit Before');
  await enterCredentials(page, user.email);
  await openMyAccount(page);
  const profile = page.getByRole('form', { name: 'Profile' });
  await profile.getByLabel('Name').fill('Audit After');
  await profile.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByTestId('header-greeting')).toHaveText('Welcome, Audit After');
  await signOut(page);

  await login(page, 'Admin');
  await page.goto('/users?tab=audit');
  const panel = page.getByTestId('audit-log-panel');
  await expect(panel.getByRole('table', { name: 'Audit log' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await panel.getByLabel('Action').selectOption('update');
  await panel.getByLabel('Record type').selectOption('profile');
  await expect(page).toHaveURL(/[?&]action=update/);
  const table = panel.getByRole('table', { name: 'Audit log' });
  // The previous (unfiltered) rows stay on screen until the filtered page arrives: wait for it.
  const actions = table.getByRole('row').locator('td:nth-child(3)');
  await expect
    .poll(async () => [...new Set((await actions.allInnerTexts()).map((cell) => cell.trim()))])
    .toEqual(['update']);
  const row = table.getByRole('row').filter({ hasText: 'Audit After' }).first();
  await expect(row).toBeVisible();
  // The record is named as people know it (the person), not by its id.
  await expect(row).toContainText('Profile');
  await expect(row).not.toContainText(/[0-9a-f]{8}-[0-9a-f]{4}-/);
  await row.getByRole('button', { name: /View changes/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Profile Audit After: update' });
  // Field labels and values as the screens show them: no code names, no JSON quotes.
  const nameRow = dialog.getByRole('row').filter({ hasText: 'Name' });
  await expect(nameRow).toContainText('Audit Before');
  await expect(nameRow).toContainText('Audit After');
  await expect(nameRow).not.toContainText('"');
  await expect(nameRow).toContainText('changed');
  expect(await seriousViolations(page)).toEqual([]);
});

/** A code that is not valid now (the steps around now are accepted too). */
function wrongCode(secret: string): string {
  const near = new Set([-1, 0, 1].map((step) => totpCode(secret, Date.now() + step * 30_000)));
  for (let i = 0; ; i++) {
    const candidate = String(i).padStart(6, '0');
    if (!near.has(candidate)) return candidate;
  }
}
