import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { login } from './support';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

test('the login screen has no serious accessibility violation', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the 404 page has no serious accessibility violation', async ({ page }) => {
  await page.goto('/404');
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the shell, an area page and the Access Denied card have no serious accessibility violation', async ({ page }) => {
  await login(page, 'Factory Manager');
  await page.goto('/inventory/units');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/users');
  await expect(page.getByText('Access Denied')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });
  test('the open drawer has no serious accessibility violation', async ({ page }) => {
    await login(page, 'Admin');
    await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
