/**
 * Notifications by mail, end to end on the demo (no SMTP_URL, so mail stays in the Admins'
 * Outbox): a user turns a kind of mail off and on on My account and it survives a reload; a stove
 * transfer sent to a factory queues a mail to its Factory Manager, which the Admin reads in the
 * Outbox with a link that opens the transfer.
 */
import { expect, test, type Page } from '@playwright/test';
import { transferNumberLabel } from '../src/common/contracts/stove-ids';
import { login, seriousViolations } from './support';
import { createStoveIds, factoryByCode, sendTransfer, signInNewFactoryManager } from './stove-transfers.support';

function notifications(page: Page) {
  return page.locator('[data-slot="card"]').filter({ has: page.getByText('Notifications', { exact: true }) });
}

test('I turn a notification mail off and on again on My account, and it stays as I left it', async ({
  page,
  browser,
}) => {
  test.slow();
  await login(page, 'Admin');
  const msa = await factoryByCode(page, 'MSA');
  const manager = await signInNewFactoryManager(page, browser, msa.id);
  await manager.goto('/account');
  const section = notifications(manager);
  const incoming = section.getByRole('switch', { name: 'Stove transfers waiting for my confirmation' });
  const digest = section.getByRole('switch', { name: 'Daily list of low stock' });
  // The defaults: transfers on, the digest off.
  await expect(incoming).toBeChecked();
  await expect(digest).not.toBeChecked();
  await expect(section.getByRole('switch', { name: 'Announcements' })).not.toBeChecked();
  expect(await seriousViolations(manager)).toEqual([]);

  await incoming.click();
  await expect(manager.getByText('Stove transfers waiting for my confirmation: no more mails.')).toBeVisible();
  await digest.focus();
  await manager.keyboard.press('Space');
  await expect(manager.getByText('Daily list of low stock: you will get these mails.')).toBeVisible();
  await manager.reload();
  await expect(incoming).not.toBeChecked();
  await expect(digest).toBeChecked();

  await incoming.click();
  await expect(
    manager.getByText('Stove transfers waiting for my confirmation: you will get these mails.'),
  ).toBeVisible();
  await manager.reload();
  await expect(incoming).toBeChecked();
  await expect(digest).toBeChecked();
  await manager.context().close();
});

test('a stove transfer sent to a factory mails its Factory Manager; the Outbox shows the mail and its link opens the transfer', async ({
  page,
  browser,
}) => {
  // Two people's browsers and the Outbox: give it the time of a slow machine.
  test.slow();
  await login(page, 'Admin');
  const nbo = await factoryByCode(page, 'NBO');
  const ksm = await factoryByCode(page, 'KSM');
  const manager = await signInNewFactoryManager(page, browser, ksm.id);
  const me = (await (await manager.request.get('/api/me')).json()) as { user: { email: string } };
  const codes = await createStoveIds(page, nbo.id, 3);
  const transfer = await sendTransfer(page, { fromFactoryId: nbo.id, toFactoryId: ksm.id, codes });
  const number = transferNumberLabel(transfer.number);

  await page.goto('/users?tab=outbox');
  const outbox = page.getByTestId('outbox-panel');
  const subject = `Stove transfer ${number} from ${nbo.name} is waiting for your confirmation`;
  await outbox.getByRole('button', { name: `Read "${subject}" to ${me.user.email}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('sent 3 stove IDs');
  const link = dialog.getByRole('link', { name: new RegExp(`/stove-id/transfer-confirmations/${transfer.id}$`) });
  expect(await seriousViolations(page)).toEqual([]);
  const href = await link.getAttribute('href');
  if (!href) throw new Error('no link in the mail');

  await manager.goto(new URL(href).pathname);
  await expect(manager.getByRole('heading', { level: 1, name: `Transfer ${number}` })).toBeVisible();
  await manager.context().close();
});
