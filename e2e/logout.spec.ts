import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, demoUser, holdRequests, login } from './support';

test('Logout signs out with a toast and the pages need a new sign-in', async ({ page }) => {
  await login(page, 'Senior Sales Manager');
  await page.goto('/customers');
  const release = await holdRequests(page, '**/api/auth/sign-out');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Logging out...' })).toBeDisabled();
  release();
  await expect(page.getByText('Logged out successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  // A chosen sign-out starts afresh: signing in again opens the landing page, not the last one.
  await page.getByLabel('Email').fill(demoUser('Senior Sales Manager').email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin-dashboard$/);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await page.goto('/admin-dashboard');
  await expect(page).toHaveURL(/\/auth$/);
});

test('a failed logout still goes to /auth with the error toast', async ({ page }) => {
  await login(page, 'Senior Sales Manager');
  await page.goto('/');
  await page.route('**/api/auth/sign-out', (route) => route.fulfill({ status: 503, body: '{}' }));
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Error logging out. Please try again.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
});

test('a reload shows "Loading..." until the session check answers, then the greeting', async ({ page }) => {
  await login(page, 'Admin');
  await page.goto('/');
  await expect(page.getByText('Welcome, Amina Admin')).toBeVisible();
  const release = await holdRequests(page, '**/api/me');
  await page.reload();
  await expect(page.getByText('Loading...').first()).toBeVisible();
  release();
  await expect(page.getByText('Welcome, Amina Admin')).toBeVisible();
});
