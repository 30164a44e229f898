import { expect, test } from '@playwright/test';
import { login } from './support';

test('/404 shows the not-found page with a link home, signed out too', async ({ page }) => {
  await page.goto('/404');
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
});

test('an unknown path shows the 404 page to a signed-in user, and Return to Home goes to /', async ({ page }) => {
  await login(page, 'Sales Officer');
  await page.goto('/no/such/page');
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/sales\/sales-order$/);
});
