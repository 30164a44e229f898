/**
 * Files on documents: a PDF attached to a stove transfer, listed, downloaded with the same bytes and
 * deleted after a confirmation; an executable renamed .pdf refused with the server's message; a
 * photo taken on a phone; a group that may see a sales order but not change it sees no upload.
 * The records without a page of their own: a kit transfer's and a steel record's files from their
 * row's Files action, a partner's in its edit form, an announcement's from its row and, for its
 * readers, from the bell.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ATTACHMENT_MESSAGES } from '../src/common/contracts/attachments';
import type { Announcement } from '../src/common/contracts/announcements';
import { ckdTransferNumberLabel, type CkdTransfer } from '../src/common/contracts/ckd';
import type { Partner } from '../src/common/contracts/partners';
import { STEEL_RECORD_KIND_LABELS, type SteelRecord } from '../src/common/contracts/steel';
import { transferNumberLabel } from '../src/common/contracts/stove-ids';
import { multipartBody, PDF, photo } from '../src/server/test/attachments';
import { login, PHONE, seriousViolations, signedIn } from './support';
import { createStoveIds, factoryByCode, sendTransfer } from './stove-transfers.support';

/** A Windows program's first bytes: what a renamed executable starts with. */
const EXE = Buffer.concat([
  Buffer.from('MZ'),
  Buffer.alloc(62),
  Buffer.from('This program cannot be run in DOS mode.'),
]);

/** A new transfer (NBO → KSM) of one stove ID, sent by the signed-in Admin; its page's path. */
async function newTransfer(page: Page): Promise<{ path: string; number: string }> {
  const nbo = await factoryByCode(page, 'NBO');
  const ksm = await factoryByCode(page, 'KSM');
  const codes = await createStoveIds(page, nbo.id, 1);
  const transfer = await sendTransfer(page, { fromFactoryId: nbo.id, toFactoryId: ksm.id, codes });
  return { path: `/stove-id/transfer-history/${transfer.id}`, number: transferNumberLabel(transfer.number) };
}

function filesPanel(page: Page | Locator) {
  return page.getByRole('region', { name: /^Files/ });
}

test('attach a PDF to a stove transfer, download the same bytes, delete it; an executable renamed .pdf is refused; drop a CSV @smoke', async ({
  page,
}) => {
  await login(page, 'Admin');
  const { path, number } = await newTransfer(page);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: `Transfer ${number}` })).toBeVisible();
  const panel = filesPanel(page);
  await expect(panel.getByText('No files on this stove transfer yet.')).toBeVisible();
  await expect(panel.getByLabel('Files to attach')).toHaveAttribute('accept', /\.pdf,.*image\/jpeg/);

  const pdf = { name: 'signed delivery note.pdf', mimeType: 'application/pdf', buffer: PDF };
  // While the upload is on its way: its progress, the buttons busy, and Stop, which attaches nothing.
  // Only the upload is held: the list's refetch after it goes through.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/files', async (route) => {
    if (route.request().method() === 'POST') await held;
    // The stopped upload is gone by then: nothing to continue.
    await route.continue().catch(() => undefined);
  });
  await panel.getByLabel('Files to attach').setInputFiles(pdf);
  await expect(panel.getByRole('status')).toContainText('Uploading signed delivery note.pdf...');
  await expect(panel.getByRole('button', { name: 'Attach files' })).toBeDisabled();
  await panel.getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByText('Upload stopped')).toBeVisible();
  release();
  await page.unroute('**/files');
  await expect(panel.getByText('No files on this stove transfer yet.')).toBeVisible();

  await panel.getByLabel('Files to attach').setInputFiles(pdf);
  const link = panel.getByRole('link', { name: 'Download signed delivery note.pdf' });
  await expect(link).toBeVisible();
  await expect(panel.getByText(/^PDF · \d+ B · Amina Admin, /)).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Files (1 of 20)' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe('signed delivery note.pdf');
  const saved = await download.path();
  expect((await readFile(saved)).equals(PDF)).toBe(true);

  // An executable named like a PDF: the server reads the bytes and refuses it, with its own words.
  await panel
    .getByLabel('Files to attach')
    .setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: EXE });
  await expect(panel.getByRole('alert')).toContainText(ATTACHMENT_MESSAGES.wrongType('invoice.pdf'));
  await expect(panel.getByRole('listitem')).toHaveCount(1);

  await panel.getByRole('button', { name: 'Delete signed delivery note.pdf' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete signed delivery note.pdf?' });
  await dialog.getByRole('button', { name: 'Delete file' }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.getByText('No files on this stove transfer yet.')).toBeVisible();
  await expect(page.getByText('signed delivery note.pdf deleted')).toBeVisible();

  // A file dropped on the box (a computer's drag and drop) is attached too.
  const dropped = await page.evaluateHandle(() => {
    const transfer = new DataTransfer();
    transfer.items.add(new File(['code,status\nSTV-0000001,sold\n'], 'count.csv', { type: 'text/csv' }));
    return transfer;
  });
  await panel.getByText('Or drop files here.').dispatchEvent('drop', { dataTransfer: dropped });
  await expect(panel.getByRole('link', { name: 'Download count.csv' })).toBeVisible();
  await expect(panel.getByText(/^CSV · \d+ B · /)).toBeVisible();
});

test.describe('on a phone', () => {
  test.use(PHONE);

  test('a photo is taken with the camera input and shows as a thumbnail', async ({ page }) => {
    await login(page, 'Admin');
    const { path } = await newTransfer(page);
    await page.goto(path);
    const panel = filesPanel(page);
    await expect(panel.getByRole('button', { name: 'Take photo' })).toBeVisible();
    const camera = panel.getByLabel('Photo to attach');
    await expect(camera).toHaveAttribute('accept', 'image/*');
    await expect(camera).toHaveAttribute('capture', 'environment');

    await camera.setInputFiles({ name: 'damaged label.jpg', mimeType: 'image/jpeg', buffer: await photo() });
    const preview = panel.getByRole('img', { name: 'Preview of damaged label.jpg' });
    await expect(preview).toBeVisible();
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
    await expect(panel.getByText(/^JPEG · \d+(\.\d)? KB · Amina Admin, /)).toBeVisible();
    // Nothing scrolls sideways at a phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test('a group that may see a sales order but not change it lists and downloads its files, with no upload or delete', async ({
  page,
  browser,
}) => {
  // Stove Coupler × sales-management (Canceled Sales: orders read-only) for the length of this test.
  await login(page, 'Admin');
  const grant = (granted: boolean) =>
    page.request.put('/api/group-permissions', {
      data: { group: 'Stove Coupler', component: 'sales-management', granted },
    });
  expect((await grant(true)).status()).toBe(200);
  let file: { url: string } | null = null;
  try {
    const coupler = await signedIn(browser, 'Stove Coupler');
    const orders = await coupler.request.get('/api/sales/orders?limit=1');
    expect(orders.status(), await orders.text()).toBe(200);
    const order = ((await orders.json()) as { items: { id: string }[] }).items[0];
    if (!order) throw new Error('the demo has no sales order at the coupler’s factory');
    const base = `/api/sales/orders/${order.id}/files`;
    const upload = multipartBody([{ name: 'customer contract.pdf', bytes: PDF, type: 'application/pdf' }]);
    const uploaded = await page.request.post(base, { headers: upload.headers, data: upload.payload });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    const id = ((await uploaded.json()) as { items: { id: string }[] }).items[0]?.id;
    file = { url: `${base}/${id}` };

    await coupler.goto(`/sales/sales-order/${order.id}`);
    const panel = filesPanel(coupler);
    await expect(panel.getByRole('link', { name: 'Download customer contract.pdf' })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Attach files' })).toHaveCount(0);
    await expect(panel.getByLabel('Files to attach')).toHaveCount(0);
    await expect(panel.getByRole('button', { name: /^Delete / })).toHaveCount(0);
    await coupler.context().close();
  } finally {
    if (file) expect((await page.request.delete(file.url)).status()).toBe(204);
    expect((await grant(false)).status()).toBe(200);
  }
});

test('an inventory transfer’s window has its files: attach an invoice, then delete it', async ({ page }) => {
  await login(page, 'Admin');
  const entries = await page.request.get('/api/inventory/entries?kind=transfer&limit=1');
  expect(entries.status(), await entries.text()).toBe(200);
  const entry = ((await entries.json()) as { items: { id: string }[] }).items[0];
  if (!entry) throw new Error('the demo has no inventory transfer');
  await page.goto(`/inventory/transfer-history?entry=${entry.id}`);
  const dialog = page.getByRole('dialog');
  const panel = filesPanel(dialog);
  await expect(panel.getByRole('heading', { level: 3, name: /^Files \(\d+ of 20\)$/ })).toBeVisible();
  await panel
    .getByLabel('Files to attach')
    .setInputFiles({ name: 'supplier invoice.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(panel.getByRole('link', { name: 'Download supplier invoice.pdf' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await panel.getByRole('button', { name: 'Delete supplier invoice.pdf' }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete supplier invoice.pdf?' })
    .getByRole('button', { name: 'Delete file' })
    .click();
  await expect(panel.getByRole('link', { name: 'Download supplier invoice.pdf' })).toHaveCount(0);
  // The entry's window stays open.
  await expect(dialog).toBeVisible();
});

/** The first record of a list answer (the list page's first row, both in the same default order). */
async function firstOf<T>(page: Page, url: string, what: string): Promise<T> {
  const res = await page.request.get(url);
  expect(res.status(), await res.text()).toBe(200);
  const first = ((await res.json()) as { items: T[] }).items[0];
  if (!first) throw new Error(`the demo has no ${what}`);
  return first;
}

/** Opens the row's "…" menu and its Files: the window with the record's files. */
async function openFilesOf(page: Page, rowLabel: string): Promise<Locator> {
  await page
    .getByRole('button', { name: `Actions for ${rowLabel}`, exact: true })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Files' }).click();
  const dialog = page.getByRole('dialog', { name: /^Files of / });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Attaches a PDF through the panel's chooser and sees it listed. */
async function attachPdf(panel: Locator, name: string): Promise<void> {
  await panel.getByLabel('Files to attach').setInputFiles({ name, mimeType: 'application/pdf', buffer: PDF });
  await expect(panel.getByRole('link', { name: `Download ${name}` })).toBeVisible();
}

test('a kit transfer’s Files action: attach a photo of the signed delivery note', async ({ page }) => {
  await login(page, 'Admin');
  const transfer = await firstOf<CkdTransfer>(page, '/api/ckd/transfers?limit=1', 'kit transfer');
  await page.goto('/ckd/transfer');
  const label = `${ckdTransferNumberLabel(transfer.number)} from ${transfer.from.code} to ${transfer.to.code}`;
  const dialog = await openFilesOf(page, label);
  await expect(
    dialog.getByRole('heading', { name: `Files of ${ckdTransferNumberLabel(transfer.number)}` }),
  ).toBeVisible();
  const panel = filesPanel(dialog);
  await panel
    .getByLabel('Files to attach')
    .setInputFiles({ name: 'signed delivery note.jpg', mimeType: 'image/jpeg', buffer: await photo() });
  await expect(panel.getByRole('img', { name: 'Preview of signed delivery note.jpg' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('a steel record’s Files action: attach the supplier’s invoice', async ({ page }) => {
  await login(page, 'Admin');
  const record = await firstOf<SteelRecord>(page, '/api/steel/records?limit=1', 'steel record');
  await page.goto('/steel/records');
  const label = `${STEEL_RECORD_KIND_LABELS[record.kind]} ${record.category.name} at ${record.factory.code} on ${record.date}`;
  const dialog = await openFilesOf(page, label);
  await attachPdf(filesPanel(dialog), 'steel invoice.pdf');
});

test('a partner’s edit form shows its files: attach the signed contract', async ({ page }) => {
  await login(page, 'Admin');
  const partner = await firstOf<Partner>(page, '/api/partners?limit=1', 'partner');
  await page.goto('/customers');
  const label = partner.region ? `${partner.name} (${partner.region})` : partner.name;
  await page
    .getByRole('button', { name: `Actions for ${label}`, exact: true })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${partner.name}` });
  await attachPdf(filesPanel(dialog), 'signed contract.pdf');
  // Attaching saves nothing of the form: closing it asks nothing.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(await seriousViolations(page)).toEqual([]);
});

test('an announcement’s file, attached from its row, is opened and downloaded by a reader from the bell', async ({
  page,
  browser,
}) => {
  await login(page, 'Admin');
  const title = `Holiday rota ${Date.now()}`;
  const created = await page.request.post('/api/announcements', {
    data: { title, body: 'The rota is attached.', audienceGroups: ['Stove Coupler'] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const announcement = (await created.json()) as Announcement;
  await page.goto('/announcements');
  const dialog = await openFilesOf(page, title);
  await attachPdf(filesPanel(dialog), 'holiday rota.pdf');

  const reader = await signedIn(browser, 'Stove Coupler');
  await reader.goto('/');
  await reader
    .getByRole('banner')
    .getByRole('button', { name: /^Announcements/ })
    .click();
  const bell = reader.getByRole('dialog', { name: 'Announcements' });
  const item = bell.getByRole('listitem').filter({ has: reader.getByRole('heading', { name: title }) });
  await item.getByRole('button', { name: `1 file of ${title}` }).click();
  const panel = filesPanel(item);
  const link = panel.getByRole('link', { name: 'Download holiday rota.pdf' });
  await expect(link).toBeVisible();
  // Read-only for its readers.
  await expect(panel.getByRole('button', { name: 'Attach files' })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: /^Delete / })).toHaveCount(0);
  expect(await seriousViolations(reader)).toEqual([]);
  const [download] = await Promise.all([reader.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe('holiday rota.pdf');
  expect((await readFile(await download.path())).equals(PDF)).toBe(true);
  await reader.context().close();
  expect((await page.request.post(`/api/announcements/${announcement.id}/expire`)).status()).toBe(200);
});
