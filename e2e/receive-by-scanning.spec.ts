/**
 * Receive by scanning: at the gate, on a phone, the destination scans the labels of a pending
 * transfer; each is ticked, a stranger and a repeat are flagged (on screen and by a low tone), then
 * it confirms what arrived and the rest go back to the sender.
 */
import { expect, test } from '@playwright/test';
import { transferNumberLabel } from '../src/common/contracts/stove-ids';
import { login, seriousViolations } from './support';
import { createStoveIds, factoryByCode, sendTransfer, signInNewFactoryManager } from './stove-transfers.support';

test('the destination receives a transfer by scanning and confirms the IDs that arrived', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await login(page, 'Admin');
  const nbo = await factoryByCode(page, 'NBO');
  const msa = await factoryByCode(page, 'MSA');
  const codes = await createStoveIds(page, nbo.id, 5);
  const transfer = await sendTransfer(page, { fromFactoryId: nbo.id, toFactoryId: msa.id, codes });
  const number = transferNumberLabel(transfer.number);
  const stranger = 'ZZNOTSENT01';

  // A phone at the gate; each tone played is recorded by its pitch.
  const gate = await signInNewFactoryManager(page, browser, msa.id);
  await gate.setViewportSize({ width: 390, height: 844 });
  await gate.addInitScript(() => {
    const tones: number[] = [];
    Object.assign(window, { scanTones: tones });
    const proto = OscillatorNode.prototype;
    const start: unknown = Reflect.get(proto, 'start');
    proto.start = function (this: OscillatorNode, when?: number) {
      tones.push(this.frequency.value);
      if (typeof start === 'function') Reflect.apply(start, this, [when]);
    };
  });
  await gate.goto(`/stove-id/transfer-confirmations/${transfer.id}`);
  await gate.getByRole('link', { name: 'Receive by scanning' }).click();
  await expect(gate.getByRole('heading', { level: 1, name: `Receive ${number}` })).toBeVisible();
  const scan = gate.getByLabel('Scan a stove ID label');
  await expect(scan).toBeFocused();
  await expect(gate.getByText('0 of 5 arrived')).toBeVisible();

  // A scanner types each code and Enter; the field keeps the focus.
  for (const code of [codes[0]!, codes[2]!.toLowerCase(), codes[4]!]) {
    await scan.pressSequentially(code);
    await scan.press('Enter');
  }
  await expect(gate.getByRole('status').filter({ hasText: `${codes[4]} arrived.` })).toBeVisible();
  await expect(gate.getByText('3 of 5 arrived')).toBeVisible();
  await expect(gate.getByRole('progressbar', { name: '3 of 5 arrived' })).toHaveAttribute('aria-valuenow', '3');

  // A label not on this transfer, then one scanned twice: each flagged at once.
  await scan.fill(stranger);
  await scan.press('Enter');
  await expect(gate.getByRole('alert').filter({ hasText: `${stranger} is not on this transfer` })).toBeVisible();
  await expect(gate.getByRole('list', { name: 'Not on this transfer' })).toHaveText(stranger);
  await scan.fill(codes[0]!);
  await scan.press('Enter');
  await expect(gate.getByRole('alert').filter({ hasText: `${codes[0]} was already scanned.` })).toBeVisible();
  await expect(scan).toBeFocused();
  await expect(scan).toHaveValue('');
  await expect(gate.getByText('3 of 5 arrived')).toBeVisible();
  const tones = await gate.evaluate(() => (window as unknown as { scanTones: number[] }).scanTones);
  expect(tones.map((hz) => (hz > 1000 ? 'high' : 'low'))).toEqual(['high', 'high', 'high', 'low', 'low']);
  await expect(gate.getByRole('list', { name: 'Still missing' }).getByRole('listitem')).toHaveText([
    codes[1]!,
    codes[3]!,
  ]);
  await expect(gate.getByRole('list', { name: 'Arrived' }).getByRole('listitem')).toHaveText([
    codes[4]!,
    codes[2]!,
    codes[0]!,
  ]);
  expect(await gate.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(gate)).toEqual([]);

  // The phone reloads (or the receiver is signed out): what was scanned comes back as a draft.
  await gate.reload();
  await expect(gate.getByText(/Restored your draft: 3 stove IDs scanned as arrived/)).toBeVisible();
  await expect(gate.getByText('3 of 5 arrived')).toBeVisible();

  await gate.getByRole('button', { name: 'Confirm the 3 that arrived' }).click();
  const dialog = gate.getByRole('alertdialog', { name: 'Confirm the 3 stove IDs that arrived?' });
  await expect(dialog).toContainText(`The other 2 stove IDs go back to ${nbo.name}.`);
  await dialog.getByRole('button', { name: 'Confirm what arrived' }).click();
  await expect(gate.getByText(`${number} confirmed`)).toBeVisible();
  await expect(gate).toHaveURL(new RegExp(`/stove-id/transfer-confirmations/${transfer.id}$`));
  await expect(gate.locator('[data-slot="badge"]', { hasText: 'Partially confirmed' })).toBeVisible();
  const ids = gate.getByRole('region', { name: `Stove IDs of ${number}` });
  for (const [i, outcome] of ['Received', 'Returned to sender', 'Received', 'Returned to sender', 'Received'].entries())
    await expect(ids.getByRole('row').filter({ hasText: codes[i]! })).toContainText(outcome);
  // Decided: nothing left to receive.
  await expect(gate.getByRole('link', { name: 'Receive by scanning' })).toHaveCount(0);
  await gate.goto(`/stove-id/transfer-confirmations/${transfer.id}/receive`);
  await expect(gate.getByText('This transfer is no longer waiting: there is nothing to receive.')).toBeVisible();
  await expect(gate.getByLabel('Scan a stove ID label')).toHaveCount(0);
  // Confirmed: its draft is gone.
  expect(await gate.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('draft:')))).toEqual([]);
});
