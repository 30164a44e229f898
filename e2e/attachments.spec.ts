/**
 * Files on documents: a PDF attached to a stove transfer, listed, downloaded with the same bytes and
 * deleted after a confirmation; an executable renamed .pdf refused with the server's message; a
 * photo taken on a phone; a group that may see a sales order but not change it sees no upload.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ATTACHMENT_MESSAGES } from '../src/common/contracts/attachments';
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
