import { expect, test } from '@playwright/test';
import { holdRequests, login } from './support';

const DENIED =
  "You don't have permission to access this page. Please contact your administrator if you believe this is an error.";

test('a page without the permission shows the Access Denied card', async ({ page }) => {
  await login(page, 'Sales Officer');
  await page.goto('/users');
  await expect(page.getByText('Access Denied')).toBeVisible();
  await expect(page.getByText(DENIED)).toBeVisible();
});

test('a page with the permission shows its screen, not the Access Denied card', async ({ page }) => {
  await login(page, 'Sales Officer');
  await page.goto('/calendar');
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
  await expect(page.getByText(DENIED)).toHaveCount(0);
});

test('"Loading..." shows while permissions load', async ({ page }) => {
  await login(page, 'Admin');
  const release = await holdRequests(page, '**/api/me');
  await page.goto('/users');
  await expect(page.getByText('Loading...').first()).toBeVisible();
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
});
