/**
 * Drafts: unfinished work survives the inactivity sign-out and a reload, only for its own user, and
 * is gone once submitted or discarded.
 */
import { expect, test } from '@playwright/test';
import { PHONE, login, seriousViolations } from './support';
import { createStoveIds, factoryByCode } from './stove-transfers.support';

const INACTIVITY = 'Session expired due to inactivity. Please log in again.';

test('scanned stove IDs survive the inactivity sign-out, for their own user only, until sent or discarded', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.clock.install();
  await login(page, 'Admin');
  const nbo = await factoryByCode(page, 'NBO');
  const ksm = await factoryByCode(page, 'KSM');
  const codes = await createStoveIds(page, nbo.id, 3);

  await page.goto('/stove-id/transfer');
  await page.getByLabel('Sending factory').selectOption({ label: `${nbo.name} (NBO)` });
  await page.getByLabel('Destination factory').selectOption({ label: `${ksm.name} (KSM)` });
  const scan = page.getByLabel('Scan or type a stove ID');
  for (const code of codes.slice(0, 2)) {
    await scan.fill(code);
    await scan.press('Enter');
  }
  await expect(page.getByText('2 stove IDs', { exact: true })).toBeVisible();
  await expect(page.getByTestId('draft-notice')).toHaveCount(0);

  // Nobody touches the screen: the inactivity sign-out happens as before.
  await page.clock.fastForward('15:01');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText(INACTIVITY)).toBeVisible();

  // Another user on this browser sees no draft.
  await login(page, 'Factory Manager');
  await page.goto('/stove-id/transfer');
  await expect(page.getByLabel('Scan or type a stove ID')).toBeVisible();
  await expect(page.getByTestId('draft-notice')).toHaveCount(0);
  await expect(page.getByText(codes[0]!)).toHaveCount(0);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth$/);

  // The same user again: the two IDs and the factories are back, with the notice.
  await login(page, 'Admin');
  await page.goto('/stove-id/transfer');
  const notice = page.getByTestId('draft-notice');
  await expect(notice).toContainText(/Restored your draft: 2 stove IDs scanned at \d\d:\d\d\./);
  await expect(page.getByText(codes[0]!, { exact: true })).toBeVisible();
  await expect(page.getByText(codes[1]!, { exact: true })).toBeVisible();
  await expect(page.getByLabel('Destination factory')).toHaveValue(ksm.id);

  // Sent: the draft is done; a reload shows an empty screen.
  await page.getByRole('button', { name: 'Send 2 stove IDs' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(/^Transfer TR-\d+ sent$/)).toBeVisible();
  await expect(notice).toHaveCount(0);
  await page.reload();
  await expect(page.getByLabel('Scan or type a stove ID')).toBeVisible();
  await expect(notice).toHaveCount(0);

  // A reload keeps a new scan; Discard (asked first) empties the screen for good.
  await page.getByLabel('Scan or type a stove ID').fill(codes[2]!);
  await page.getByLabel('Scan or type a stove ID').press('Enter');
  await expect(page.getByText('1 stove ID', { exact: true })).toBeVisible();
  await page.reload();
  await expect(notice).toContainText('Restored your draft: 1 stove ID scanned at');
  await notice.getByRole('button', { name: 'Discard' }).click();
  await page.getByRole('alertdialog', { name: 'Discard your draft?' }).getByRole('button', { name: 'Discard' }).click();
  await expect(notice).toHaveCount(0);
  await expect(page.getByText(codes[2]!, { exact: true })).toHaveCount(0);
  await page.reload();
  await expect(page.getByLabel('Scan or type a stove ID')).toBeVisible();
  await expect(notice).toHaveCount(0);
});

test('a reload keeps what was typed in a form (inventory input), on a phone', async ({ page }) => {
  await page.setViewportSize(PHONE.viewport);
  await login(page, 'Admin');
  const nbo = await factoryByCode(page, 'NBO');
  await page.goto('/inventory/input');
  const input = page.getByRole('form', { name: 'Receive stock' });
  await input.getByLabel('Factory').selectOption(nbo.id);
  await input.getByLabel('Supplier (optional)').fill('Draft Supplies Ltd');
  await input.getByLabel(/^Line 1 quantity/).fill('12');

  await page.reload();
  await expect(page.getByTestId('draft-notice')).toContainText(
    /Restored your draft: a stock input with 1 line at \d\d:\d\d\./,
  );
  await expect(input.getByLabel('Factory')).toHaveValue(nbo.id);
  await expect(input.getByLabel('Supplier (optional)')).toHaveValue('Draft Supplies Ltd');
  await expect(input.getByLabel(/^Line 1 quantity/)).toHaveValue('12');
  // The notice fits the phone's width and passes axe.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.viewport.width);
  expect(await seriousViolations(page)).toEqual([]);
});
