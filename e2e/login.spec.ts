import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, demoUser, holdRequests, login } from './support';

test.describe('login screen', () => {
  test('signs in with the right password: success toast and landing page', { tag: '@smoke' }, async ({ page }) => {
    const admin = demoUser('Admin');
    await page.goto('/auth');
    await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Logged in successfully!')).toBeVisible();
    await expect(page.getByText('Success', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/admin-dashboard$/);
    await expect(page.getByText(`Welcome, ${admin.name}`)).toBeVisible();
  });

  test('a wrong password shows the server message in an error toast and stays on /auth', async ({ page }) => {
    await page.goto('/auth');
    await page.getByLabel('Email').fill(demoUser('Sales Officer').email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Error', { exact: true })).toBeVisible();
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('shows "Logging in..." while the request is under way', async ({ page }) => {
    const release = await holdRequests(page, '**/api/auth/sign-in/email');
    await page.goto('/auth');
    await page.getByLabel('Email').fill(demoUser('Sales Manager').email);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('button', { name: 'Logging in...' })).toBeDisabled();
    release();
    await expect(page).toHaveURL(/\/sales\/sales-order$/);
  });

  test('both fields are required and the username must be an email (browser validation)', async ({ page }) => {
    let requests = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/auth/sign-in')) requests++;
    });
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByLabel('Email')).toHaveJSProperty('validity.valueMissing', true);
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password').fill('something-long');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByLabel('Email')).toHaveJSProperty('validity.typeMismatch', true);
    await page.getByLabel('Email').fill('someone@example.com');
    await page.getByLabel('Password').fill('');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByLabel('Password')).toHaveJSProperty('validity.valueMissing', true);
    expect(requests).toBe(0);
  });

  test('a signed-out user is sent to /auth from any page', async ({ page }) => {
    for (const path of ['/', '/users', '/stove-id/management', '/some/unknown/page']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/auth$/);
    }
  });

  test('a link opened while signed out leads back to it after sign-in', async ({ page }) => {
    await page.goto('/stove-id/transfer-history?status=pending');
    await expect(page).toHaveURL(/\/auth$/);
    await page.getByLabel('Email').fill(demoUser('Factory Manager').email);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/stove-id\/transfer-history\?status=pending$/);
    await expect(page.getByRole('heading', { name: 'Transfer History', level: 1 })).toBeVisible();
  });

  test('a signed-in user who opens /auth is sent to /', async ({ page }) => {
    await login(page, 'Stove Coupler');
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/production\/stove-report$/);
  });
});
