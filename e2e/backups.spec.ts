/** Backups (User Management → Backups, Admin group only): back up now with its progress, the list, the download. */
import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import type { Backup, BackupList } from '../src/common/contracts/backups';
import { demoUser, failUntilRetry, login, seriousViolations, signedIn } from './support';

function backupsPanel(page: Page) {
  return page.getByTestId('backups-panel');
}

test(
  'an Admin backs up now, sees its progress, then downloads the made backup',
  { tag: '@smoke' },
  async ({ page }) => {
    // A real dump of the demo database and its download: allow for a loaded 2-core machine.
    test.setTimeout(120_000);
    await login(page, 'Admin');
    await page.goto('/users?tab=backups');
    await expect(page.getByRole('tab', { name: 'Backups', selected: true })).toBeVisible();
    const panel = backupsPanel(page);
    await expect(panel.getByTestId('backup-schedule')).toHaveText(/^Automatic backup(s are off| every)/);
    const table = panel.getByRole('table', { name: 'Backups' });
    await expect(panel.getByRole('heading', { name: 'No backups yet' }).or(table)).toBeVisible();

    // The list waits after the click, so the running backup is seen before it ends.
    let releaseList: () => void = () => undefined;
    const listHeld = new Promise<void>((resolve) => (releaseList = resolve));
    await page.route('**/api/backups', async (route) => {
      if (route.request().method() === 'GET') await listHeld;
      await route.fallback();
    });
    const backUpNow = panel.getByRole('button', { name: 'Back up now' });
    await backUpNow.click();
    const running = panel.getByTestId('running-backup');
    const progress = running.getByRole('progressbar', { name: /^Backing up backup-\S+\.sql\.gz\.\.\. \d+%$/ });
    await expect(progress).toBeVisible();
    await expect(progress).toHaveAttribute('aria-valuenow', /^\d+$/);
    await expect(backUpNow).toBeDisabled();
    const fileName = /backup-\S+\.sql\.gz/.exec(await running.innerText())?.[0] ?? '';
    expect(fileName).not.toBe('');
    releaseList();

    // Made: the toast names it with its size, the list shows it first, downloadable.
    const toast = page.getByText(`Backup made: ${fileName} (`);
    await expect(toast).toHaveText(/\(\d[\d.,]* (B|KB|MB|GB)\)$/);
    await expect(running).toHaveCount(0);
    await expect(backUpNow).toBeEnabled();
    const row = table.getByRole('row').nth(1);
    await expect(row.getByRole('cell').nth(1)).toHaveText('Back up now');
    await expect(row.getByRole('cell').nth(2)).toHaveText('Made');
    await expect(row.getByRole('cell').nth(3)).toHaveText(/^\d[\d.,]* (B|KB|MB|GB)$/);
    await expect(row.getByRole('cell').nth(4)).toHaveText(/^(Embedded \(PGlite\)|PostgreSQL)$/);
    await expect(row.getByRole('cell').nth(5)).toHaveText(/^\d+$/);
    await expect(row.getByRole('cell').nth(6)).toHaveText(demoUser('Admin').name);

    const downloading = page.waitForEvent('download');
    await row.getByRole('link', { name: `Download ${fileName}` }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^backup-.*\.sql\.gz$/);
    const file = await readFile(await download.path());
    expect([file[0], file[1]]).toEqual([0x1f, 0x8b]);
    expect(gunzipSync(file).toString('utf8', 0, 200)).toContain('-- Stove back office backup');

    expect(await seriousViolations(page)).toEqual([]);
  },
);

test('the backups show loading, then an error with a retry', async ({ page }) => {
  await login(page, 'Admin');
  const failing = await failUntilRetry(page, '**/api/backups', { held: true });
  await page.goto('/users?tab=backups');
  await expect(page.getByRole('status', { name: 'Loading the backups' })).toBeVisible();
  failing.release();
  const alert = page.getByRole('alert').filter({ hasText: 'Could not load the backups.' });
  await expect(alert).toContainText('Something went wrong on the server.');
  await failing.retry(alert);
  await expect(backupsPanel(page).getByTestId('backup-schedule')).toBeVisible();
});

const made: Backup = {
  id: '0b7c3f0e-5d8a-4c47-9a1e-2f6d4b8e1a01',
  trigger: 'scheduled',
  status: 'succeeded',
  fileName: 'backup-2026-11-26T19-20-00Z.sql.gz',
  engine: 'postgres',
  schemaVersion: 31,
  sizeBytes: 38_797_312,
  progress: 1,
  step: null,
  error: null,
  startedByName: null,
  startedAt: '2026-11-26T19:20:00.000Z',
  finishedAt: '2026-11-26T19:21:10.000Z',
  available: false,
};
const failed: Backup = {
  ...made,
  id: '0b7c3f0e-5d8a-4c47-9a1e-2f6d4b8e1a02',
  trigger: 'command',
  status: 'failed',
  fileName: 'backup-2026-11-25T19-20-00Z.sql.gz',
  sizeBytes: null,
  progress: 0.4,
  error: 'No space left on the disk',
  startedAt: '2026-11-25T19:20:00.000Z',
};
const LIST: BackupList = {
  items: [made, failed],
  schedule: { intervalHours: 0, keep: 14, nextRunAt: null, directory: '/srv/stove-back-office/data/backups' },
};

test('on a phone the list scrolls sideways in its own box; a refused Back up now says why', async ({ browser }) => {
  const page = await signedIn(browser, 'Admin', { phone: true });
  await page.route('**/api/backups', (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({ json: LIST })
      : route.fulfill({
          status: 409,
          json: { error: { code: 'CONFLICT', message: 'A backup is already running: wait for it to finish.' } },
        }),
  );
  await page.goto('/users?tab=backups');
  const panel = backupsPanel(page);
  await expect(panel.getByTestId('backup-schedule')).toHaveText(
    'Automatic backups are off (BACKUP_INTERVAL_HOURS=0). Backups go to /srv/stove-back-office/data/backups; the newest 14 are kept.',
  );
  const table = panel.getByRole('table', { name: 'Backups' });
  await expect(table.getByRole('row').nth(1)).toContainText('Scheduled');
  await expect(table.getByRole('row').nth(1)).toContainText('PostgreSQL');
  await expect(table.getByRole('row').nth(1)).toContainText('37 MB');
  await expect(table.getByRole('row').nth(1)).toContainText('Not on this server');
  await expect(table.getByRole('row').nth(2)).toContainText('npm run backup');
  await expect(table.getByRole('row').nth(2)).toContainText('Failed: No space left on the disk');
  await expect(table.getByRole('link', { name: /^Download/ })).toHaveCount(0);

  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  const region = panel.getByRole('region', { name: 'Backups' });
  expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);

  await panel.getByRole('button', { name: 'Back up now' }).click();
  await expect(page.getByText('A backup is already running: wait for it to finish.')).toBeVisible();
  await page.context().close();
});

test('a Factory Manager has no User Management, so no backups', async ({ page }) => {
  await login(page, 'Factory Manager');
  await page.goto('/users?tab=backups');
  await expect(page.getByText('Access Denied')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Backups' })).toHaveCount(0);
});
