import { expect, test, type Request } from '@playwright/test';
import { DEMO_PASSWORD, demoUser } from './support';

test(
  'each signed-in tab records an activity session, pings it every 30 s and on becoming visible, and ends it on unload',
  { tag: '@smoke' },
  async ({ page }) => {
    await page.clock.install();
    const created = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/activity-sessions'));
    await page.goto('/auth');
    await page.getByLabel('Email').fill(demoUser('Sales Officer').email);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();

    const body = (await created).postDataJSON() as { id: string; userAgent: string; ipAddress: null };
    const me = (await (await page.request.get('/api/me')).json()) as { user: { id: string } };
    expect(body.id).toMatch(new RegExp(`^${me.user.id}-\\d{13}$`));
    expect(body.ipAddress).toBeNull();
    expect(body.userAgent).toBe(await page.evaluate(() => navigator.userAgent));

    const isPing = (r: Request) => r.url().endsWith(`/api/activity-sessions/${body.id}/ping`);
    const ping = page.waitForRequest(isPing);
    await page.clock.fastForward('00:31');
    const pingResponse = await (await ping).response();
    expect(pingResponse?.status()).toBe(204);

    const visiblePing = page.waitForRequest(isPing);
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await visiblePing;

    // Unload ends the record with a beacon: afterwards the server no longer knows it as open.
    await page.goto('about:blank');
    await expect
      .poll(async () => {
        const res = await page.request.post(`/api/activity-sessions/${body.id}/ping`, { data: { active: false } });
        return res.status();
      })
      .toBe(404);
  },
);
