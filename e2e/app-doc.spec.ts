/** App Doc (/app-doc): the user guide's index and search, its pages, and the Help link of every screen. */
import { expect, test } from '@playwright/test';
import { login, seriousViolations } from './support';

test('the guide lists the screens and the daily tasks by group, and its search finds pages', async ({ page }) => {
  await login(page, 'Sales Officer');
  await page.goto('/app-doc');
  await expect(page.getByRole('heading', { level: 1, name: 'App Doc' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Screens' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Daily tasks by group' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Stove Transfer', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sales Officer', exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByLabel('Search the guide').fill('backup codes');
  await expect(page).toHaveURL(/\/app-doc\?q=backup\+codes$/);
  const results = page.getByRole('region', { name: /found for “backup codes”/ });
  await expect(results.getByRole('link', { name: 'My account' })).toBeVisible();
  await expect(results.locator('mark', { hasText: /backup/i }).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await results.getByRole('link', { name: 'My account' }).click();
  await expect(page).toHaveURL(/\/app-doc\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Two-factor sign-in' })).toBeVisible();
});

test("a screen's Help link opens its guide page, whose links lead to other pages", async ({ page }) => {
  await login(page, 'Admin');
  await page.goto('/factory');
  await expect(page.getByRole('heading', { level: 1, name: 'Factory Management' })).toBeVisible();
  await page.getByRole('link', { name: 'Help for this screen' }).click();
  await expect(page).toHaveURL(/\/app-doc\/factory$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Factory Management' })).toBeVisible();
  await expect(page.getByText('Screen guide')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // A page under a screen has the screen's help.
  await page.goto('/documentation/kiln-safety');
  await page.getByRole('link', { name: 'Help for this screen' }).click();
  await expect(page).toHaveURL(/\/app-doc\/documentation$/);

  // Links between guide pages open inside the app.
  await page.goto('/app-doc/group-stove-coupler');
  await expect(page.getByRole('heading', { level: 1, name: 'Stove Coupler' })).toBeVisible();
  await page.getByRole('article').getByRole('link', { name: 'Submit Production Report' }).first().click();
  await expect(page).toHaveURL(/\/app-doc\/submit-production-report$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Submit Production Report' })).toBeVisible();

  // An unknown page says so.
  await page.goto('/app-doc/no-such-page');
  await expect(page.getByText('There is no guide page at this address')).toBeVisible();
});
