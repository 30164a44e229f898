/** Shared end-to-end helpers: the demo logins and signing in through the real login screen. */
import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/server/demo-accounts';
import type { Group } from '../src/common/permissions';

export { DEMO_PASSWORD };

export function demoUser(group: Group): { email: string; name: string } {
  const user = DEMO_USERS.find((u) => u.group === group);
  if (!user) throw new Error(`no demo user for ${group}`);
  return user;
}

export async function login(page: Page, group: Group): Promise<void> {
  const user = demoUser(group);
  await page.goto('/auth');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText(`Welcome, ${user.name}`)).toBeVisible();
}
