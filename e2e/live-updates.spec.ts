/**
 * Live updates (issue 8): what happens in one browser reaches another without a reload, well
 * before any polling would (the pending-transfer count polls every 60 s, the fallback every 30 s).
 */
import { expect, test } from '@playwright/test';
import { transferNumberLabel } from '../src/common/contracts/stove-ids';
import { LIVE, login, seriousViolations, signedIn } from './support';
import {
  createStoveIds,
  factoryByCode,
  sendTransfer,
  signInNewFactoryManager,
  uniquePrefix,
} from './stove-transfers.support';

test(
  'a transfer sent in one browser appears at the destination in another, with a toast and the badge',
  { tag: '@smoke' },
  async ({ page, browser }) => {
    test.setTimeout(120_000);
    await login(page, 'Admin');
    const code = uniquePrefix().slice(-6);
    const created = await page.request.post('/api/factories', {
      data: { name: `Live ${code}`, code, kind: 'assembly' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const destination = (await created.json()) as { id: string; name: string };
    const nbo = await factoryByCode(page, 'NBO');

    const manager = await signInNewFactoryManager(page, browser, destination.id);
    await manager.goto('/stove-id/transfer-confirmations');
    await expect(manager.getByRole('heading', { level: 1, name: 'Transfer Confirmations' })).toBeVisible();
    await expect(manager.locator('main[data-live="open"]')).toBeVisible();
    await expect(manager.locator('#menu-badge-transfer-confirmations')).toHaveCount(0);

    const codes = await createStoveIds(page, nbo.id, 3);
    const transfer = await sendTransfer(page, { fromFactoryId: nbo.id, toFactoryId: destination.id, codes });
    const label = transferNumberLabel(transfer.number);

    await expect(manager.getByText(`Transfer ${label} from ${nbo.name} is waiting for you`)).toBeVisible(LIVE);
    await expect(manager.getByRole('link', { name: `Open ${label}` })).toBeVisible(LIVE);
    await expect(manager.locator('#menu-badge-transfer-confirmations')).toContainText(
      '1 incoming transfer to confirm',
      LIVE,
    );

    // The sender cancels it: it leaves the destination's list and badge, again without a reload.
    const canceled = await page.request.post(`/api/stove-transfers/${transfer.id}/cancel`, { data: {} });
    expect(canceled.status(), await canceled.text()).toBe(200);
    await expect(manager.getByRole('link', { name: `Open ${label}` })).toHaveCount(0, LIVE);
    await expect(manager.locator('#menu-badge-transfer-confirmations')).toHaveCount(0, LIVE);
  },
);

test('when the live stream cannot be opened the page polls, and picks the stream up again', async ({ page }) => {
  await page.route('**/api/live', (route) => route.abort());
  await login(page, 'Admin');
  await page.goto('/');
  await expect(page.locator('main[data-live="polling"]')).toBeVisible();
  await page.unroute('**/api/live');
  await expect(page.locator('main[data-live="open"]')).toBeVisible({ timeout: 40_000 });
});

test('an announcement published in one browser reaches its reader in another: a toast and the bell', async ({
  page,
  browser,
}) => {
  await login(page, 'Admin');
  await page.goto('/');
  await expect(page.locator('main[data-live="open"]')).toBeVisible();
  const reader = await signedIn(browser, 'Sales Officer');
  await reader.goto('/');
  await expect(reader.locator('main[data-live="open"]')).toBeVisible();
  const count = await reader.request.get('/api/announcements/mine/unread-count');
  const { unread } = (await count.json()) as { unread: number };

  const title = `Live ${uniquePrefix()}`;
  const created = await page.request.post('/api/announcements', {
    data: { title, body: 'Gate 2 is closed **today**.', audienceGroups: ['Sales Officer'] },
  });
  expect(created.status(), await created.text()).toBe(201);

  await expect(reader.getByText(`New announcement: ${title}`)).toBeVisible(LIVE);
  // The toast is readable: no contrast or other serious violation while it shows.
  expect(await seriousViolations(reader)).toEqual([]);
  await expect(reader.getByRole('button', { name: `Announcements, ${unread + 1} unread` })).toBeVisible(LIVE);
  // Its author is not told of their own announcement.
  await expect(page.getByText(`New announcement: ${title}`)).toHaveCount(0);
});

test('the open dashboard reads its figures again when a transfer is sent', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await login(page, 'Admin');
  const code = uniquePrefix().slice(-6);
  const created = await page.request.post('/api/factories', { data: { name: `Dash ${code}`, code, kind: 'assembly' } });
  expect(created.status(), await created.text()).toBe(201);
  const destination = (await created.json()) as { id: string };
  const nbo = await factoryByCode(page, 'NBO');

  const viewer = await signedIn(browser, 'Senior Sales Manager');
  await viewer.goto(`/admin-dashboard?factoryId=${destination.id}`);
  await expect(viewer.locator('main[data-live="open"]')).toBeVisible();
  const pending = viewer.getByTestId('pending-transfers');
  await expect(pending.getByText('0', { exact: true })).toBeVisible();

  const codes = await createStoveIds(page, nbo.id, 2);
  const transfer = await sendTransfer(page, { fromFactoryId: nbo.id, toFactoryId: destination.id, codes });

  await expect(pending.getByText('1', { exact: true })).toBeVisible(LIVE);
  await expect(viewer.getByTestId('pending-transfers-list')).toContainText(transferNumberLabel(transfer.number), LIVE);
});
