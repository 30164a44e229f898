/**
 * Carbon Programme: End Users (issue 26). A programme manager imports a distributor's CSV of end
 * users with one bad row: the check shows the bad row's verdict and the import stays disabled, and
 * nothing is registered. With the row fixed the import registers every stove; the list shows them,
 * and a stove's history shows its handover. One stove is registered with the single-stove form.
 * Axe on the page and the dialogs.
 */
import { expect, test } from '@playwright/test';
import { distributorSale, today } from './carbon.support';
import { seriousViolations, signedIn } from './support';

const HEADER = 'Stove ID,Type,Name,Phone,County,Sub-county,Village,Latitude,Longitude,Handover date';

test('import a distributor’s end users: a bad row blocks the import, the fixed file registers every stove', async ({
  browser,
}) => {
  const admin = await signedIn(browser, 'Admin');
  const { distributor, codes } = await distributorSale(admin, 3);
  const [c1 = '', c2 = '', c3 = ''] = codes;
  const page = await signedIn(browser, 'Senior Sales Manager');
  await page.goto('/carbon/end-users');
  await expect(page.getByRole('heading', { level: 1, name: 'Carbon Programme: End Users' })).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'End Users' })).toBeVisible();

  const rows = (phone: string) => [
    HEADER,
    `${c1},household,Achieng Otieno,0712 345 678,Kisumu,Kisumu East,Nyalenda,-0.1022,34.7617,${today()}`,
    `${c2},institution,Nyalenda Primary School,${phone},Kisumu,Kisumu East,Nyalenda,,,${today()}`,
    `${c3},,Odhiambo Family,0722 111 222,Kisumu,Kisumu West,Otonglo,,,${today()}`,
  ];

  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import end users' });
  await expect(dialog.getByRole('link', { name: 'Download template' })).toHaveAttribute(
    'href',
    '/api/carbon/end-users/template.csv',
  );
  await dialog.getByLabel('Sold to (distributor or retailer)').selectOption({ label: distributor.name });
  await dialog.getByLabel('Or paste the CSV text').fill(rows('12').join('\n'));
  await dialog.getByRole('button', { name: 'Check rows' }).click();
  await expect(dialog.getByTestId('csv-import-preview-summary')).toHaveText('3 rows checked: 2 valid, 1 with errors.');
  await expect(
    dialog.getByRole('heading', { name: 'Rows with errors (1) — nothing is imported until they are fixed' }),
  ).toBeVisible();
  const errors = dialog.getByRole('table', { name: 'Rows with errors' });
  await expect(errors.getByRole('row').nth(1)).toContainText('3');
  await expect(errors.getByRole('row').nth(1)).toContainText('Phone must have 7 to 15 digits');
  await expect(dialog.getByRole('button', { name: 'Import 2 valid rows' })).toBeDisabled();
  expect(await seriousViolations(page)).toEqual([]);
  // Nothing was registered by the check.
  const before = await page.request.get(`/api/carbon/end-users?partnerId=${distributor.id}`);
  expect(((await before.json()) as { total: number }).total).toBe(0);

  await dialog.getByRole('button', { name: 'Choose another file' }).click();
  await dialog.getByLabel('Or paste the CSV text').fill(rows('0733 444 555').join('\n'));
  await dialog.getByRole('button', { name: 'Check rows' }).click();
  await expect(dialog.getByTestId('csv-import-preview-summary')).toHaveText('3 rows checked: 3 valid, 0 with errors.');
  await dialog.getByRole('button', { name: 'Import 3 valid rows' }).click();
  await expect(dialog.getByTestId('csv-import-summary')).toHaveText('Imported 3 rows.');
  await dialog.getByText('Close', { exact: true }).click();

  await page.getByLabel('Partner', { exact: true }).selectOption({ label: distributor.name });
  const table = page.getByRole('table', { name: 'End users' });
  await expect(table.getByRole('row')).toHaveCount(4);
  const school = table.getByRole('row').filter({ hasText: c2 });
  await expect(school).toContainText('Nyalenda Primary School');
  await expect(school).toContainText('Kisumu, Kisumu East, Nyalenda');
  await expect(school).toContainText('Open');

  // The stove's history shows the handover.
  await table.getByRole('link', { name: c1 }).click();
  await expect(page).toHaveURL(new RegExp(`/stove-id/management/${c1}$`));
  const handover = page.getByTestId('stove-id-event').filter({ hasText: 'Handed over to its end user' });
  await expect(handover).toContainText(`Handed over to Achieng Otieno at Nyalenda, Kisumu East, Kisumu on ${today()}`);
});

test('register one sold stove’s end user with the form', async ({ browser }) => {
  const admin = await signedIn(browser, 'Admin');
  const { codes } = await distributorSale(admin, 1);
  const page = await signedIn(browser, 'Admin');
  await page.goto('/carbon/end-users');
  await page.getByRole('button', { name: 'Register end user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Register end user' });
  await dialog.getByLabel('Stove ID').fill(codes[0] ?? '');
  await dialog.getByLabel('Name').fill('Mama Oliech Restaurant');
  await dialog.getByLabel('Type').selectOption({ label: 'Institution' });
  await dialog.getByLabel('Village').fill('Kondele');
  await dialog.getByLabel('Latitude').fill('-0.09');
  await dialog.getByLabel('Handover date').fill(today());
  await dialog.getByRole('button', { name: 'Register end user' }).click();
  await expect(dialog.getByText('Give both latitude and longitude, or neither')).toBeVisible();
  await dialog.getByLabel('Longitude').fill('34.77');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Register end user' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('searchbox', { name: 'Search end users' }).fill(codes[0] ?? '');
  const table = page.getByRole('table', { name: 'End users' });
  await expect(table.getByRole('row').filter({ hasText: 'Mama Oliech Restaurant' })).toContainText('Kondele');
});
