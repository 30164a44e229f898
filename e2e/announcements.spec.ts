/**
 * Announcements (/announcements) and the header's bell: a manager publishes for a group, a member
 * of that group sees it with the unread count and marks it read, a member of another group never
 * sees it; scheduling, publishing by editing and expiring; accessibility of the page, the form
 * and the open bell.
 */
import { expect, test, type Page } from '@playwright/test';
import { login, seriousViolations, signedIn } from './support';
import type { Group } from '../src/common/permissions';

function uniqueTitle(label: string): string {
  return `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

/** A datetime-local value `offsetMs` from now, in the browser's (and this machine's) time zone. */
function localInput(offsetMs: number): string {
  const d = new Date(Date.now() + offsetMs);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function bell(page: Page) {
  return page.getByRole('banner').getByRole('button', { name: /^Announcements/ });
}

/** The bell's unread count, read from its accessible name ("Announcements, 3 unread"). */
async function unreadCount(page: Page): Promise<number> {
  const label = (await bell(page).getAttribute('aria-label')) ?? '';
  return Number(/, (\d+) unread$/.exec(label)?.[1] ?? 0);
}

function bellPanel(page: Page) {
  return page.getByRole('dialog', { name: 'Announcements' });
}

function table(page: Page) {
  return page.getByRole('table', { name: 'Announcements' });
}

/** Fills and sends the New announcement form on the Announcements page. */
async function publish(
  page: Page,
  input: { title: string; body: string; groups?: Group[]; publishAt?: string },
): Promise<void> {
  await page.getByRole('button', { name: 'New announcement' }).first().click();
  const form = page.getByRole('dialog', { name: 'New announcement' });
  await form.getByLabel('Title').fill(input.title);
  await form.getByRole('textbox', { name: 'Text' }).fill(input.body);
  if (input.groups) {
    await form.getByLabel('Chosen groups or factories').check();
    for (const group of input.groups) await form.getByRole('checkbox', { name: group, exact: true }).check();
  }
  if (input.publishAt) await form.getByLabel('Publish at').fill(input.publishAt);
  await form.getByRole('button', { name: 'Publish' }).click();
  await expect(form).toBeHidden();
}

test('a manager publishes for a group: its member sees it in the header and marks it read; another group does not', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const title = uniqueTitle('Sales meeting');
  const officer = await signedIn(browser, 'Sales Officer');
  await officer.goto('/');
  const manager = await signedIn(browser, 'Sales Manager');
  await manager.goto('/');

  // The officer starts with nothing unread.
  await bell(officer).click();
  const officerPanel = bellPanel(officer);
  await expect(officerPanel).toBeVisible();
  const markAll = officerPanel.getByRole('button', { name: 'Mark all as read' });
  if (await markAll.isVisible()) await markAll.click();
  await expect(bell(officer)).toHaveAttribute('aria-label', 'Announcements');
  await officer.keyboard.press('Escape');

  // The manager writes it with Markdown, previews it and publishes it for Sales Officers.
  const admin = await signedIn(browser, 'Admin');
  await admin.goto('/announcements');
  await expect(admin.getByRole('heading', { level: 1, name: 'Announcements' })).toBeVisible();
  await admin.getByRole('button', { name: 'New announcement' }).first().click();
  const form = admin.getByRole('dialog', { name: 'New announcement' });
  await form.getByLabel('Title').fill(title);
  await form.getByRole('textbox', { name: 'Text' }).fill('Meet on **Monday** at 9.\n\n- bring the price list');
  await form.getByRole('tab', { name: 'Preview' }).click();
  await expect(form.locator('.markdown strong', { hasText: 'Monday' })).toBeVisible();
  await form.getByRole('tab', { name: 'Write' }).click();
  // Chosen audience without any group or factory is refused.
  await form.getByLabel('Chosen groups or factories').check();
  await form.getByRole('button', { name: 'Publish' }).click();
  await expect(form.getByText('Choose at least one group or factory')).toBeVisible();
  await form.getByRole('checkbox', { name: 'Sales Officer', exact: true }).check();
  await form.getByRole('switch', { name: 'Pinned' }).click();
  await form.getByRole('button', { name: 'Publish' }).click();
  await expect(admin.getByText('Announcement published')).toBeVisible();
  await expect(form).toBeHidden();
  const row = table(admin).getByRole('row', { name: new RegExp(title) });
  await expect(row).toContainText('Pinned');
  await expect(row).toContainText('Live');
  await expect(row).toContainText('Sales Officer');

  // The officer: one unread, pinned first and highlighted; marking it read drops the count.
  await officer.reload();
  await expect(bell(officer)).toHaveAttribute('aria-label', /Announcements, \d+ unread/);
  const before = await unreadCount(officer);
  expect(before).toBeGreaterThanOrEqual(1);
  await bell(officer).click();
  const item = bellPanel(officer).getByRole('listitem').filter({ hasText: title });
  await expect(item).toHaveAttribute('data-read', 'false');
  await expect(item.locator('strong', { hasText: 'Monday' })).toBeVisible();
  await item.getByRole('button', { name: /Mark as read/ }).click();
  await expect(item).toHaveAttribute('data-read', 'true');
  await expect(bell(officer)).toHaveAttribute(
    'aria-label',
    before - 1 > 0 ? `Announcements, ${before - 1} unread` : 'Announcements',
  );

  // Another group does not see it.
  await bell(manager).click();
  await expect(bellPanel(manager).getByRole('list', { name: 'My announcements' })).toBeVisible();
  await expect(bellPanel(manager).getByText(title)).toHaveCount(0);

  // Unpin from the list.
  await admin.getByRole('button', { name: `Actions for ${title}` }).click();
  await admin.getByRole('menuitem', { name: 'Unpin' }).click();
  await expect(admin.getByText(`Unpinned “${title}”`)).toBeVisible();
  await expect(row).not.toContainText('Pinned');
});

test('a scheduled announcement waits for its time; editing publishes it; Expire now takes it away', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const title = uniqueTitle('Jig training');
  const coupler = await signedIn(browser, 'Stove Coupler');
  await coupler.goto('/');
  const admin = await signedIn(browser, 'Admin');
  await admin.goto('/announcements');
  await publish(admin, {
    title,
    body: 'Training on the new jig.',
    groups: ['Stove Coupler'],
    publishAt: localInput(24 * 3_600_000),
  });
  await expect(admin.getByText('Announcement scheduled')).toBeVisible();

  // The Status filter lives in the URL.
  await admin.getByLabel('Status').selectOption('scheduled');
  await expect(admin).toHaveURL(/[?&]status=scheduled/);
  const row = table(admin).getByRole('row', { name: new RegExp(title) });
  await expect(row).toContainText('Scheduled');

  const sees = async () => {
    const res = await coupler.request.get('/api/announcements/mine');
    expect(res.status()).toBe(200);
    return ((await res.json()) as { items: { title: string }[] }).items.some((a) => a.title === title);
  };
  expect(await sees()).toBe(false);

  // Edit: publish an hour ago, so it is live.
  await admin.getByRole('button', { name: `Actions for ${title}` }).click();
  await admin.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = admin.getByRole('dialog', { name: 'Edit announcement' });
  await expect(edit.getByLabel('Title')).toHaveValue(title);
  await edit.getByLabel('Publish at').fill(localInput(-3_600_000));
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(admin.getByText('Announcement saved')).toBeVisible();
  await admin.getByLabel('Status').selectOption('live');
  await expect(admin).toHaveURL(/[?&]status=live/);
  await expect(row).toContainText('Live');
  expect(await sees()).toBe(true);
  await coupler.reload();
  await bell(coupler).click();
  await expect(bellPanel(coupler).getByRole('heading', { name: new RegExp(title) })).toBeVisible();
  await coupler.keyboard.press('Escape');

  // Expire now, after a confirmation.
  await admin.getByRole('button', { name: `Actions for ${title}` }).click();
  await admin.getByRole('menuitem', { name: 'Expire now' }).click();
  const confirm = admin.getByRole('alertdialog', { name: `Expire “${title}”?` });
  await confirm.getByRole('button', { name: 'Expire now' }).click();
  await expect(admin.getByText(`“${title}” expired`)).toBeVisible();
  await admin.getByLabel('Status').selectOption('expired');
  await expect(row).toContainText('Expired');
  expect(await sees()).toBe(false);
  // Already expired: the action is off.
  await admin.getByRole('button', { name: `Actions for ${title}` }).click();
  await expect(admin.getByRole('menuitem', { name: 'Expire now' })).toBeDisabled();
});

test('the Announcements page, its form and the open header panel have no serious accessibility violation', async ({
  page,
}) => {
  await login(page, 'Admin');
  await page.goto('/announcements');
  await expect(table(page)).toBeVisible();
  await expect(page.getByText('Loading...')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'New announcement' }).first().click();
  const form = page.getByRole('dialog', { name: 'New announcement' });
  await form.getByLabel('Title').fill('Draft');
  await form.getByLabel('Chosen groups or factories').check();
  await expect(form.getByRole('checkbox', { name: 'Admin', exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await form.getByRole('button', { name: 'Cancel' }).click();
  // The form is dirty: leaving asks first.
  await page.getByRole('alertdialog').getByRole('button', { name: 'Discard changes' }).click();
  await expect(form).toBeHidden();

  await bell(page).click();
  await expect(bellPanel(page).getByRole('list', { name: 'My announcements' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the bell opened while the landing form loads stays open as the form appears', async ({ browser }) => {
  const coupler = await signedIn(browser, 'Stove Coupler');
  // The coupler's landing form (Submit Production Report) waits for its stove models.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await coupler.route('**/api/ckd/categories/options', async (route) => {
    await held;
    await route.continue();
  });
  await coupler.goto('/');
  await expect(coupler).toHaveURL(/\/production\/stove-report$/);
  await bell(coupler).click();
  await expect(bellPanel(coupler).getByRole('list', { name: 'My announcements' })).toBeVisible();

  release();
  const scanField = coupler.getByLabel('Scan or type a stove ID');
  await expect(scanField).toBeVisible();
  // The scan field does not take the focus from the open bell, which stays open.
  await expect(scanField).not.toBeFocused();
  await expect(bellPanel(coupler)).toBeVisible();
  await coupler.keyboard.press('Escape');
  await expect(bellPanel(coupler)).toBeHidden();
  await coupler.context().close();
});
