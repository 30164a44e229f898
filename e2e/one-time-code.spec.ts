import { expect, test, type Page } from '@playwright/test';
import { PHONE, seriousViolations, signedIn } from './support';

/**
 * "Email me a sign-in code", end to end on the demo (no SMTP_URL): the code is read from the
 * Admins' Outbox, typed on a phone, and the user lands on the page they had opened.
 */

/** The newest sign-in code mailed to `email`, from the Outbox. */
async function mailedCode(admin: Page, email: string): Promise<string> {
  await admin.goto('/users?tab=outbox');
  const outbox = admin.getByTestId('outbox-panel');
  const mail = outbox
    .getByRole('button', {
      name: new RegExp(`^Read "\\d{6} is your sign-in code for the Stove Back Office" to ${email}`),
    })
    .first();
  await expect(mail).toBeVisible();
  const code = /"(\d{6}) is your/.exec((await mail.getAttribute('aria-label')) ?? (await mail.innerText()))?.[1];
  if (!code) throw new Error('no code in the Outbox');
  return code;
}

test('Email me a sign-in code → the code from the mail → back on the page opened before', async ({ browser }) => {
  const admin = await signedIn(browser, 'Admin');
  const email = `code-${Date.now()}@example.com`;
  const created = await admin.request.post('/api/users', {
    data: { email, name: 'Coded Cora', password: 'first-passphrase-42', groups: ['Factory Manager'] },
  });
  expect(created.status(), await created.text()).toBe(201);

  const context = await browser.newContext(PHONE);
  const phone = await context.newPage();
  await phone.goto('/stove-id/transfer-history?status=pending');
  await expect(phone).toHaveURL(/\/auth$/);
  await phone.getByRole('button', { name: 'Email me a sign-in code' }).click();

  // An empty email gets the spec's message and sends nothing.
  await phone.getByRole('button', { name: 'Email me a code' }).click();
  await expect(phone.getByText('One-time-code sign-in needs an email or a phone')).toBeVisible();

  await phone.getByLabel('Email', { exact: true }).fill(email);
  await phone.getByRole('button', { name: 'Email me a code' }).click();
  await expect(phone.getByRole('status')).toContainText('If an account exists for that address, we sent it a 6-digit');
  expect(await seriousViolations(phone)).toEqual([]);

  const code = await mailedCode(admin, email);
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  await phone.getByLabel('Sign-in code').fill(wrong);
  await phone.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(phone.getByText(/The code is not correct\. .*4 more tries/)).toBeVisible();

  await phone.getByLabel('Sign-in code').fill(code);
  await phone.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(phone.getByText('Logged in successfully!')).toBeVisible();
  await expect(phone).toHaveURL(/\/stove-id\/transfer-history\?status=pending$/);
  await expect(phone.getByRole('heading', { name: 'Transfer History', level: 1 })).toBeVisible({ timeout: 30_000 });
  await context.close();

  // The code worked once.
  const again = await browser.newContext();
  const page = await again.newPage();
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Email me a sign-in code' }).click();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Email me a code' }).click();
  await expect(page.getByRole('status')).toBeVisible();
  await page.getByLabel('Sign-in code').fill(code);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  // A new code replaced it, and it was used anyway: refused either way.
  await expect(page.getByText(/This code has expired or was already used|The code is not correct/)).toBeVisible();
  await page.getByRole('button', { name: 'Sign in with a password instead' }).click();
  await expect(page.getByLabel('Password')).toBeVisible();
  await again.close();
  await admin.context().close();
});
