import { expect, test } from '@playwright/test';
import { PHONE, seriousViolations, signedIn } from './support';

/**
 * Forgot password, end to end on the demo (no SMTP_URL): the mail is read from the Admins' Outbox,
 * its link opened on a phone, a new password chosen, and the user signs in with it.
 */
test('Forgot password → the mailed link → a new password → signed in with it', async ({ browser }) => {
  const admin = await signedIn(browser, 'Admin');
  // A person of our own, so the demo users keep their passwords.
  const email = `recover-${Date.now()}@example.com`;
  const created = await admin.request.post('/api/users', {
    data: { email, name: 'Recovering Rita', password: 'first-passphrase-42', groups: ['Senior Sales Manager'] },
  });
  expect(created.status(), await created.text()).toBe(201);

  const context = await browser.newContext(PHONE);
  const phone = await context.newPage();
  await phone.goto('/auth');
  await phone.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(phone).toHaveURL(/\/recover$/);
  await phone.getByLabel('Email').fill(email);
  await phone.getByRole('button', { name: 'Email me a link' }).click();
  await expect(phone.getByRole('status')).toContainText('If an account exists for that address, we sent a link');
  expect(await seriousViolations(phone)).toEqual([]);

  // The Admin reads the mail in the Outbox (the demo sends none) and gives the link to the person.
  await admin.goto('/users?tab=outbox');
  const outbox = admin.getByTestId('outbox-panel');
  await expect(outbox.getByTestId('mail-delivery')).toContainText('No mail server is set up');
  await outbox
    .getByRole('button', { name: `Read "Choose a new password for the Stove Back Office" to ${email}` })
    .click();
  const link = admin.getByRole('dialog').getByRole('link', { name: /\/recover\?token=/ });
  expect(await seriousViolations(admin)).toEqual([]);
  const href = await link.getAttribute('href');
  if (!href) throw new Error('no link in the mail');
  const { pathname, search } = new URL(href);

  await phone.goto(`${pathname}${search}`);
  await expect(phone.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await phone.getByLabel('New password', { exact: true }).fill('second-passphrase-77');
  await phone.getByLabel('Confirm new password').fill('second-passphrase-77');
  await phone.getByRole('button', { name: 'Set new password' }).click();
  await expect(phone.getByText('Your password was changed. Sign in with the new one.')).toBeVisible();
  await expect(phone).toHaveURL(/\/auth$/);

  await phone.getByLabel('Email').fill(email);
  await phone.getByLabel('Password').fill('second-passphrase-77');
  await phone.getByRole('button', { name: 'Login' }).click();
  await expect(phone).toHaveURL(/\/admin-dashboard$/);

  // The link worked once.
  await phone.goto(`${pathname}${search}`);
  await phone.getByLabel('New password', { exact: true }).fill('third-passphrase-99');
  await phone.getByLabel('Confirm new password').fill('third-passphrase-99');
  await phone.getByRole('button', { name: 'Set new password' }).click();
  await expect(phone.getByRole('alert')).toContainText('This link has expired or was already used.');
  await context.close();
  await admin.context().close();
});
