import { expect, test } from '@playwright/test';
import { login } from './support';

test('Logout signs out with a toast and the pages need a new sign-in', async ({ page }) => {
  await login(page, 'Senior Sales Manager');
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/auth/sign-out', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Logging out...' })).toBeDisabled();
  release();
  await expect(page.getByText('Logged out successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  await page.goto('/admin-dashboard');
  await expect(page).toHaveURL(/\/auth$/);
});

test('a failed logout still goes to /auth with the error toast', async ({ page }) => {
  await login(page, 'Senior Sales Manager');
  await page.route('**/api/auth/sign-out', (route) => route.fulfill({ status: 503, body: '{}' }));
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Error logging out. Please try again.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
});

test('a reload shows "Loading..." until the session check answers, then the greeting', async ({ page }) => {
  await login(page, 'Admin');
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/me', async (route) => {
    await held;
    await route.continue();
  });
  await page.reload();
  await expect(page.getByText('Loading...').first()).toBeVisible();
  release();
  await expect(page.getByText('Welcome, Amina Admin')).toBeVisible();
});
