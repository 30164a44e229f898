import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, demoUser, login } from './support';

const INACTIVITY = 'Session expired due to inactivity. Please log in again.';

test.beforeEach(async ({ page }) => {
  await page.clock.install();
  await login(page, 'Admin');
  await page.goto('/');
  await expect(page).toHaveURL(/\/admin-dashboard$/);
});

test('the warning opens at 13 minutes, not before, and "Stay Logged In" extends the session', async ({ page }) => {
  const dialog = page.getByRole('alertdialog', { name: 'Session Timeout Warning' });
  await page.clock.fastForward('12:50');
  await expect(dialog).toHaveCount(0);
  await page.clock.fastForward('00:12');
  await expect(dialog).toBeVisible();
  // About two minutes left. The installed clock also runs in real time, so on a slow machine a few
  // more seconds may have gone: the countdown is read, then must have gone down by the 5 s run.
  const countdown = page.getByTestId('session-timeout-countdown');
  await expect(countdown).toContainText(/1[01]\d seconds/);
  const secondsLeft = async () => Number(/(\d+) seconds/.exec((await countdown.textContent()) ?? '')?.[1]);
  const before = await secondsLeft();
  await page.clock.runFor(5_000);
  await expect.poll(secondsLeft).toBeLessThanOrEqual(before - 5);

  const ping = page.waitForRequest((r) => r.url().includes('/api/activity-sessions/') && r.url().endsWith('/ping'));
  await dialog.getByRole('button', { name: 'Stay Logged In' }).click();
  expect((await ping).postDataJSON()).toEqual({ active: true });
  await expect(page.getByText('Session extended successfully')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // The timer started again: 12 more minutes are still fine.
  await page.clock.fastForward('12:00');
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin-dashboard$/);
});

test('when the countdown reaches zero the user is signed out with the inactivity message', async ({ page }) => {
  await page.clock.fastForward('13:01');
  await expect(page.getByRole('alertdialog', { name: 'Session Timeout Warning' })).toBeVisible();
  await page.clock.runFor('02:00');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText(INACTIVITY)).toBeVisible();
  await page.goto('/admin-dashboard');
  await expect(page).toHaveURL(/\/auth$/);
});

test('15 minutes without activity sign out even if the page missed the countdown; signing in again leads back', async ({
  page,
}) => {
  await page.goto('/stove-id/transfer-history');
  await expect(page.getByRole('heading', { name: 'Transfer History', level: 1 })).toBeVisible();
  await page.clock.fastForward('15:01');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText(INACTIVITY)).toBeVisible();
  await page.getByLabel('Email').fill(demoUser('Admin').email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/stove-id\/transfer-history$/);
});

test('"Log Out Now" signs out at once', async ({ page }) => {
  await page.clock.fastForward('13:01');
  await page.getByRole('button', { name: 'Log Out Now' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText('Logged out successfully')).toBeVisible();
});

test('user activity resets the timer', async ({ page }) => {
  await page.clock.fastForward('10:00');
  await page.mouse.move(200, 300);
  await page.keyboard.press('Shift');
  await page.clock.runFor(2_000); // past the 1 s debounce
  await page.clock.fastForward('10:00');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await page.clock.fastForward('03:30');
  await expect(page.getByRole('alertdialog', { name: 'Session Timeout Warning' })).toBeVisible();
});

test('when the server has already ended the idle session, the next request signs out with the inactivity message', async ({
  page,
}) => {
  await page.route('**/api/me', (route) =>
    route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'SESSION_EXPIRED', message: INACTIVITY } }),
    }),
  );
  await page.reload();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText(INACTIVITY)).toBeVisible();
});
