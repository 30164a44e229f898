import { expect, test } from '@playwright/test';
import type { Group } from '../src/common/permissions';
import { login } from './support';

// Spec §2 landing table; the Senior Production Supervisor cannot open /factory-dashboard and
// lands on the first menu item it can open (DOMAIN.md §3).
const LANDINGS: [Group, string][] = [
  ['Admin', '/admin-dashboard'],
  ['Senior Sales Manager', '/admin-dashboard'],
  ['Senior Production Manager', '/admin-dashboard'],
  ['Factory Manager', '/factory-dashboard'],
  ['Production Manager', '/ckd/report'],
  ['Production Supervisor', '/ckd/report'],
  ['Stove Coupler', '/production/stove-report'],
  ['Sales Manager', '/sales/sales-order'],
  ['Sales Officer', '/sales/sales-order'],
  ['Senior Production Supervisor', '/stove-id/management'],
];

for (const [group, target] of LANDINGS) {
  test(`${group} lands on ${target}`, async ({ page }) => {
    await login(page, group);
    await page.goto('/');
    await expect(page).toHaveURL(new RegExp(`${target.replace(/\//g, '\\/')}$`));
  });
}
