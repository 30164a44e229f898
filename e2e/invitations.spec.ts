import { expect, test, type Page } from '@playwright/test';
import { PHONE, seriousViolations, signedIn } from './support';

const SUBJECT = 'You are invited to the Stove Back Office';

/** The path and query of the invitation links in the Outbox's mails to `email`, newest first. */
async function mailedLinks(admin: Page, email: string, count: number): Promise<string[]> {
  await admin.goto('/users?tab=outbox');
  const outbox = admin.getByTestId('outbox-panel');
  const read = outbox.getByRole('button', { name: `Read "${SUBJECT}" to ${email}` });
  await expect(read).toHaveCount(count);
  const links: string[] = [];
  for (let i = 0; i < count; i++) {
    await read.nth(i).click();
    const dialog = admin.getByRole('dialog');
    const href = await dialog.getByRole('link', { name: /\/invitation\?token=/ }).getAttribute('href');
    if (!href) throw new Error('no link in the mail');
    const { pathname, search } = new URL(href);
    links.push(`${pathname}${search}`);
    await admin.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
  return links;
}

/**
 * Invitations on the demo (no SMTP_URL): an Admin creates a user with "Send an invitation", sends it
 * again, reads the mails in the Outbox; the person opens the newest link on a phone, chooses a
 * password and lands signed in; the older link and the used one say so.
 */
test('an Admin invites → the link from the Outbox → the person chooses a password and is signed in', async ({
  browser,
}) => {
  const admin = await signedIn(browser, 'Admin');
  const stamp = Date.now();
  const email = `invited-${stamp}@example.com`;
  const name = `Ivy Wambui ${stamp}`;

  await admin.goto('/users');
  await admin.getByRole('button', { name: 'New user' }).first().click();
  const form = admin.getByRole('dialog', { name: 'New user' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Name').fill(name);
  await form.getByRole('checkbox', { name: 'Senior Sales Manager' }).check();
  await form.getByRole('radio', { name: /Send an invitation by mail/ }).check();
  await expect(form.getByLabel('Password', { exact: true })).toBeHidden();
  expect(await seriousViolations(admin)).toEqual([]);
  await form.getByRole('button', { name: 'Create user' }).click();
  await expect(admin.getByText(`User ${email} created; an invitation was mailed to them`)).toBeVisible();
  await expect(form).toBeHidden();

  // The list says they are invited, and until when the link works; the Admin sends it again.
  await admin.getByLabel('Search users').fill(String(stamp));
  // The search has applied (the table holds this user alone) before a row's menu opens: the page
  // settling under an open menu moves its items, and a click meant for one lands on another.
  await expect(admin).toHaveURL(new RegExp(`[?&]q=${stamp}`));
  await expect(admin.getByRole('table', { name: 'Users' }).getByRole('row')).toHaveCount(2);
  const row = admin.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Invited');
  await expect(row).toContainText('link works until');
  await admin.getByRole('button', { name: `Actions for ${name} (${email})` }).click();
  await admin.getByRole('menuitem', { name: 'Send invitation again' }).click();
  await expect(admin.getByText(`A new invitation was mailed to ${email}`)).toBeVisible();

  const [newest, older] = await mailedLinks(admin, email, 2);
  if (!newest || !older) throw new Error('expected two invitation mails');
  expect(await seriousViolations(admin)).toEqual([]);

  const context = await browser.newContext(PHONE);
  const phone = await context.newPage();
  // The first link stopped working when the second was sent.
  await phone.goto(older);
  await expect(phone.getByRole('heading', { name: 'This invitation no longer works' })).toBeVisible();
  await expect(phone.getByRole('alert')).toContainText('Ask an administrator to send you a new invitation.');

  await phone.goto(newest);
  await expect(phone.getByRole('heading', { name: `Welcome, ${name}` })).toBeVisible();
  await expect(phone.getByText(email)).toBeVisible();
  expect(await seriousViolations(phone)).toEqual([]);
  await phone.getByLabel('New password', { exact: true }).fill('my-own-passphrase-31');
  await phone.getByLabel('Confirm new password').fill('my-own-passphrase-31');
  await phone.getByRole('button', { name: 'Set my password and sign in' }).click();
  await expect(phone).toHaveURL(/\/admin-dashboard$/);
  await expect(phone.getByText(`Welcome, ${name}`).first()).toBeVisible();

  // The link worked once.
  await phone.goto(newest);
  await expect(phone.getByRole('heading', { name: 'This invitation no longer works' })).toBeVisible();
  await expect(phone.getByRole('link', { name: 'Go to sign in' })).toBeVisible();
  await context.close();

  // The Admin's list now shows them active.
  await admin.goto(`/users?q=${stamp}`);
  const accepted = admin.getByRole('row', { name: new RegExp(name) });
  await expect(accepted).toContainText('Active');
  await expect(accepted).not.toContainText('Invited');
  await admin.context().close();
});
