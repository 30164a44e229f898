/** Paper for the road: the dispatch notes of the three kinds of transfer, and single labels for a label printer. */
import { expect, test } from '@playwright/test';
import { ckdTransferNumberLabel, type CkdTransfer } from '../src/common/contracts/ckd';
import { inventoryEntryNumberLabel, type InventoryEntrySummary } from '../src/common/contracts/inventory';
import { transferNumberLabel } from '../src/common/contracts/stove-ids';
import { login, seriousViolations } from './support';
import { createStoveIds, factoryByCode, sendTransfer } from './stove-transfers.support';

test('dispatch notes of a stove, a kit and an inventory transfer print every ID and a QR code; labels print one a page', async ({
  page,
  baseURL,
}) => {
  await login(page, 'Admin');
  const [nbo, msa] = await Promise.all([factoryByCode(page, 'NBO'), factoryByCode(page, 'MSA')]);
  const codes = await createStoveIds(page, nbo.id, 40);
  const transfer = await sendTransfer(page, { fromFactoryId: nbo.id, toFactoryId: msa.id, codes });
  const number = transferNumberLabel(transfer.number);

  // A stove transfer: from its page to its note.
  await page.goto(`/stove-id/transfer-confirmations/${transfer.id}`);
  await page.getByRole('link', { name: 'Print dispatch note' }).click();
  await expect(page).toHaveURL(`/stove-id/transfer-confirmations/${transfer.id}/dispatch-note`);
  const note = page.getByRole('article', { name: `Dispatch note ${number}` });
  await expect(note.getByTestId('dispatch-note-number')).toHaveText(number);
  await expect(note.getByRole('region', { name: 'From and to' })).toContainText(`${nbo.name}Factory NBO`);
  await expect(note.getByRole('region', { name: 'From and to' })).toContainText(`${msa.name}Factory MSA`);
  const ids = note.getByRole('list', { name: `Stove IDs on ${number}` }).getByRole('listitem');
  await expect(ids).toHaveCount(40);
  expect(await ids.allTextContents()).toEqual(codes);
  await expect(note.getByRole('img', { name: `QR code opening ${number} for receiving` })).toHaveAttribute(
    'data-url',
    `${baseURL}/stove-id/transfer-confirmations/${transfer.id}/receive`,
  );
  for (const who of ['Dispatched by', 'Received by']) {
    await expect(note.getByRole('region', { name: who })).toContainText('NameSignatureDate');
  }
  expect(await seriousViolations(page)).toEqual([]);
  await note.getByLabel('Vehicle registration').fill('KDA 123X');

  // Printed: the note alone, with what was typed on it.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(note).toBeVisible();
  await expect(note.getByLabel('Vehicle registration')).toHaveValue('KDA 123X');
  await expect(note.getByLabel('Driver name / phone')).toHaveValue('');
  await page.emulateMedia({ media: 'screen' });

  // At the gate, a scanner reads the note's QR code into the app's search: it opens receiving.
  await page.keyboard.press('Control+k');
  const search = page.getByRole('combobox', { name: 'Search for' });
  await search.pressSequentially(`${baseURL}/stove-id/transfer-confirmations/${transfer.id}/receive`);
  await search.press('Enter');
  await expect(page).toHaveURL(`/stove-id/transfer-confirmations/${transfer.id}/receive`);
  await expect(page.getByRole('heading', { level: 1, name: `Receive ${number}` })).toBeVisible();

  // A kit transfer: from its row on CKD Transfer.
  const kitList = await page.request.get('/api/ckd/transfers?limit=1');
  const [kit] = ((await kitList.json()) as { items: CkdTransfer[] }).items;
  if (!kit) throw new Error('no kit transfer in the demo data');
  const kitNumber = ckdTransferNumberLabel(kit.number);
  await page.goto(`/ckd/transfer?q=${kitNumber}`);
  await page.getByRole('link', { name: `Print the dispatch note of ${kitNumber}` }).click();
  const kitNote = page.getByRole('article', { name: `Dispatch note ${kitNumber}` });
  await expect(kitNote.getByRole('table', { name: `Goods on ${kitNumber}` })).toContainText(
    kit.lines[0]?.category.name ?? '',
  );
  await expect(kitNote.getByRole('img', { name: /^QR code opening/ })).toHaveAttribute(
    'data-url',
    `${baseURL}/ckd/transfer?q=${kitNumber}`,
  );

  // An inventory transfer: from its dialog on Transfer History.
  const entryList = await page.request.get('/api/inventory/entries?kind=transfer&limit=1');
  const [entry] = ((await entryList.json()) as { items: InventoryEntrySummary[] }).items;
  if (!entry) throw new Error('no inventory transfer in the demo data');
  const entryNumber = inventoryEntryNumberLabel(entry.kind, entry.number);
  await page.goto(`/inventory/transfer-history?entry=${entry.id}`);
  await page.getByRole('dialog', { name: entryNumber }).getByRole('link', { name: 'Print dispatch note' }).click();
  const entryNote = page.getByRole('article', { name: `Dispatch note ${entryNumber}` });
  await expect(entryNote.getByRole('region', { name: 'From and to' })).toContainText(entry.factory.name);
  await expect(entryNote.getByRole('table', { name: `Goods on ${entryNumber}` }).getByRole('row')).toHaveCount(
    entry.lineCount + 1,
  );
  await expect(entryNote.getByRole('img', { name: /^QR code opening/ })).toHaveAttribute(
    'data-url',
    `${baseURL}/inventory/transfer-history?entry=${entry.id}`,
  );

  // Single labels of 50 × 25 mm: one label a page of that size, the choice remembered.
  await page.goto(`/stove-id/labels?codes=${codes.slice(0, 3).join(',')}`);
  await page.getByLabel('Label size').selectOption({ label: 'Single labels 50 × 25 mm' });
  await expect(page).toHaveURL(/size=50x25/);
  await expect(page.getByTestId('stove-label')).toHaveCount(3);
  await expect(page.getByRole('region', { name: 'Page 3 of 3' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print' })).toBeEnabled();
  // The PDF is printed as the screen was emulated last (screen, above): print it as paper.
  await page.emulateMedia({ media: 'print' });
  const pdf = (await page.pdf({ preferCSSPageSize: true })).toString('latin1');
  expect(pdf.match(/\/Type\s*\/Page\b/g)).toHaveLength(3);
  // 50 × 25 mm is 141.7 × 70.9 points (Chromium rounds to whole pixels: 142.08 × 71.04).
  expect(pdf).toMatch(/\/MediaBox \[0 0 14[12]\.\d+ 7[01]\.\d+\]/);
  await page.goto(`/stove-id/labels?codes=${codes[0]}`);
  await expect(page.getByLabel('Label size')).toHaveValue('50x25');
});
