import { expect, test, type Page } from '@playwright/test';
import { login, mainNav } from './support';

async function sidebarWidth(page: Page): Promise<number> {
  return page.locator('aside[data-slot="sidebar"]').evaluate((el) => el.getBoundingClientRect().width);
}

test('Ctrl+B and Cmd+B collapse the sidebar to icons, and the state survives a reload through its cookie', async ({
  page,
  context,
}) => {
  const sidebarCookie = async () => (await context.cookies()).find((c) => c.name === 'sidebar_state');
  await login(page, 'Admin');
  await page.goto('/');
  await expect(page.getByText('CONTROL PANEL', { exact: true })).toBeVisible();
  expect(await sidebarWidth(page)).toBe(256); // 16rem

  await page.keyboard.press('Control+b');
  await expect(page.getByText('CONTROL PANEL', { exact: true })).toBeHidden();
  await expect.poll(() => sidebarWidth(page)).toBe(48); // 3rem
  // The page's cookie write reaches the browser's cookie store a moment later.
  await expect.poll(async () => (await sidebarCookie())?.value).toBe('false');
  const cookie = await sidebarCookie();
  // Kept for 7 days.
  const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86400;
  expect(days).toBeGreaterThan(6.9);
  expect(days).toBeLessThanOrEqual(7.01);

  await page.reload();
  await expect(mainNav(page)).toBeVisible();
  await expect(page.getByText('CONTROL PANEL', { exact: true })).toBeHidden();

  await page.keyboard.press('Meta+b');
  await expect(page.getByText('CONTROL PANEL', { exact: true })).toBeVisible();
  await expect.poll(async () => (await sidebarCookie())?.value).toBe('true');
});

test('the trigger button toggles the sidebar too', async ({ page }) => {
  await login(page, 'Admin');
  await page.goto('/');
  await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
  await expect(page.getByText('CONTROL PANEL', { exact: true })).toBeHidden();
  await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
  await expect(page.getByText('CONTROL PANEL', { exact: true })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the sidebar is an 18rem drawer that closes after a link is chosen', async ({ page }) => {
    await login(page, 'Admin');
    await page.goto('/');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toHaveCount(0);
    await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
    await expect(dialog).toBeVisible();
    const width = await dialog.evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBe(288); // 18rem
    await dialog.getByRole('button', { name: 'Stove ID Management' }).click();
    await dialog.getByRole('link', { name: 'Stove Transfer' }).click();
    await expect(page).toHaveURL(/\/stove-id\/transfer$/);
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Stove Transfer' })).toBeVisible();
  });
});
