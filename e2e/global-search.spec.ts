/**
 * The global search (issue 23): Ctrl+K anywhere opens it; a stove ID code, a transfer number (typed
 * and Enter at once, as a scanner does) and an inventory input's number each open their page with
 * Enter; arrow keys move the highlight, Escape closes; axe finds nothing serious in the open search;
 * on a phone the header's Search button opens it.
 */
import { expect, test, type Page } from '@playwright/test';
import { login, seriousViolations, signedIn } from './support';

/** The first demo stove ID (STV, number 1, width 7) and the first demo transfer (NBO → MSA, confirmed). */
const CODE = 'STV00000013';
const TRANSFER = 'TR-000001';

function searchDialog(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Search' });
  return { dialog, input: dialog.getByRole('combobox', { name: 'Search for' }) };
}

test('Ctrl+K finds a stove ID, a transfer and an inventory input, and Enter opens each; a phone opens it from the header', async ({
  page,
  browser,
}) => {
  await login(page, 'Admin');
  const inputs = await page.request.get('/api/inventory/entries?kind=input&sort=number&dir=asc&limit=1');
  const [input] = ((await inputs.json()) as { items: { number: number }[] }).items;
  if (!input) throw new Error('the demo has no inventory input');
  const inputNumber = `IN-${String(input.number).padStart(6, '0')}`;

  await page.goto('/app-doc');
  await expect(page.getByRole('heading', { name: 'App Doc', level: 1 })).toBeVisible();
  const { dialog, input: field } = searchDialog(page);

  // A stove ID code, in any case: the exact code is the first hit, Enter opens its page.
  await page.keyboard.press('Control+k');
  await expect(field).toBeFocused();
  await field.fill(CODE.toLowerCase());
  await expect(dialog.getByRole('option').first()).toContainText(CODE);
  await expect(dialog.getByRole('option').first()).toContainText('Stove ID');
  await field.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/stove-id/management/${CODE}$`));
  await expect(page.getByRole('heading', { name: CODE, level: 1 })).toBeVisible();
  await expect(dialog).toBeHidden();

  // A transfer number and Enter at once (a scanner's pace): it opens when its hit arrives.
  await page.keyboard.press('Control+k');
  await field.fill(TRANSFER);
  await field.press('Enter');
  await expect(page).toHaveURL(/\/stove-id\/transfer-history\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: `Transfer ${TRANSFER}` })).toBeVisible();

  // Nothing found says so; Escape closes.
  await page.keyboard.press('Control+k');
  await field.fill('no such thing zz');
  await expect(dialog.getByText('No matches for “no such thing zz”')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // A bare number finds every kind with that number: the arrow keys choose the inventory input.
  await page.keyboard.press('Control+k');
  await field.fill(String(input.number));
  const inputHit = dialog.getByRole('option').filter({ hasText: inputNumber });
  await expect(inputHit).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  const options = await dialog.getByRole('option').allInnerTexts();
  const at = options.findIndex((text) => text.includes(inputNumber));
  for (let i = 0; i < at; i++) await field.press('ArrowDown');
  await expect(inputHit).toHaveAttribute('aria-selected', 'true');
  await field.press('Enter');
  await expect(page).toHaveURL(/\/inventory\/input\?entry=/);
  await expect(page.getByRole('dialog', { name: inputNumber })).toBeVisible();

  // A phone: the header's icon-only Search button opens the same search.
  const phone = await signedIn(browser, 'Admin', { phone: true });
  await phone.goto('/app-doc');
  const button = phone.locator('header').getByRole('button', { name: 'Search', exact: true });
  await expect(button).toBeVisible();
  await button.click();
  const onPhone = searchDialog(phone);
  await onPhone.input.fill(CODE);
  await onPhone.dialog.getByRole('option').filter({ hasText: CODE }).click();
  await expect(phone).toHaveURL(new RegExp(`/stove-id/management/${CODE}$`));
  expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await phone.context().close();
});
