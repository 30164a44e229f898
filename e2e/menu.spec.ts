import { expect, test } from '@playwright/test';
import { login, readMenu } from './support';

test('a Factory Manager sees the menu of spec §6: no Steel, Sales reduced to Sales Order, CKD without report/categories/produced', async ({
  page,
}) => {
  await login(page, 'Factory Manager');
  await page.goto('/');
  expect(await readMenu(page)).toEqual([
    'Factory Dashboard',
    'Partners/Customers',
    'Stove ID Management > Stove ID Management',
    'Stove ID Management > Stove Transfer',
    'Stove ID Management > Transfer Confirmations',
    'Stove ID Management > Transfer History',
    'Production Management > Submit Production Report',
    'Production Management > Productivity Tracker',
    'CKD Management > Factory CKD Report',
    'CKD Management > CKD Transfer',
    'Inventory Management > Overview',
    'Inventory Management > Categories',
    'Inventory Management > Units',
    'Inventory Management > Names',
    'Inventory Management > Input',
    'Inventory Management > Remove Items',
    'Inventory Management > Transfer Inventory',
    'Inventory Management > Transfer History',
    'Sales Management > Sales Order',
    'Calendar',
    'Documentation',
    'App Doc',
  ]);
});

test('a Production Manager never sees Dashboard or Steel, and CKD shows Report and Transfer only', async ({ page }) => {
  await login(page, 'Production Manager');
  await page.goto('/');
  expect(await readMenu(page)).toEqual([
    'Stove ID Management > Stove ID Management',
    'Stove ID Management > Stove Transfer',
    'Stove ID Management > Transfer Confirmations',
    'Stove ID Management > Transfer History',
    'Production Management > Submit Production Report',
    'Production Management > Productivity Tracker',
    'CKD Management > CKD Report',
    'CKD Management > CKD Transfer',
    'Calendar',
    'Documentation',
    'App Doc',
  ]);
});

test('the group holding the current page opens by itself', async ({ page }) => {
  await login(page, 'Admin');
  await page.goto('/ckd/categories');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('button', { name: 'CKD Management' })).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link', { name: 'CKD Categories' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('button', { name: 'Sales Management' })).toHaveAttribute('aria-expanded', 'false');
  await nav.getByRole('button', { name: 'Sales Management' }).click();
  await nav.getByRole('link', { name: 'Price Allocation' }).click();
  await expect(page).toHaveURL(/\/sales\/price-allocation$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Price Allocation' })).toBeVisible();
});
