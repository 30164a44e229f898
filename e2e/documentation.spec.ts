/** Documentation (/documentation): Admin writes and edits pages with history; everyone reads and searches them. */
import { expect, test, type Page } from '@playwright/test';
import { login, seriousViolations } from './support';

/** A word nobody else wrote (letters only, so the full-text search keeps it whole). */
function uniqueWord(): string {
  return `zq${Date.now()
    .toString(36)
    .replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)] ?? 'x')}${Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 4)}`;
}

function docNav(page: Page) {
  return page.getByRole('navigation', { name: 'Documentation pages' });
}

test('an admin creates a page, edits it and sees two versions in its history', async ({ page }) => {
  test.setTimeout(120_000);
  const word = uniqueWord();
  const title = `Glaze mixing ${word}`;
  await login(page, 'Admin');
  await page.goto('/documentation');
  await expect(page.getByRole('heading', { level: 1, name: 'Documentation' })).toBeVisible();
  await expect(docNav(page).getByRole('link', { name: 'Kiln safety' })).toBeVisible();

  // New page: the preview shows the Markdown, the address comes from the title.
  await page.getByRole('link', { name: 'New page' }).click();
  await expect(page).toHaveURL(/\/documentation\?new=1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'New documentation page' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Section').fill('Production');
  await page.getByLabel('Text (Markdown)').fill(`## Mixing\n\nStir the **glaze** for ${word} minutes.`);
  // A wide screen shows the text and its preview side by side.
  await expect(page.getByRole('heading', { level: 2, name: 'Mixing' })).toBeVisible();
  await page.getByRole('button', { name: 'Create page' }).click();
  await expect(page.getByText(`Page ${title} created`)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/documentation/glaze-mixing-${word}$`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(/Production · version 1, saved .* by Amina Admin/)).toBeVisible();
  await expect(docNav(page).getByRole('link', { name: title })).toBeVisible();

  // Edit: a second version.
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Edit ${title}` })).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue(title);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByLabel('Text (Markdown)').fill(`## Mixing\n\nStir the **glaze** for ${word} minutes, then sieve it.`);
  await page.getByRole('button', { name: 'Save page' }).click();
  await expect(page.getByText(`Saved version 2 of ${title}`)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/documentation/glaze-mixing-${word}$`));
  // The editor closes (its text would match too), and the page shows the new text.
  await expect(page.getByLabel('Text (Markdown)')).toHaveCount(0);
  await expect(page.getByText('then sieve it.')).toBeVisible();

  // History: two versions, newest first; version 1 has the first text.
  await page.getByRole('link', { name: 'History' }).click();
  const versions = page.getByRole('table', { name: 'Versions' });
  await expect(versions.getByRole('row')).toHaveCount(3);
  await expect(versions.getByRole('row').nth(1)).toContainText('Version 2');
  await expect(versions.getByRole('row').nth(1)).toContainText('Current');
  expect(await seriousViolations(page)).toEqual([]);
  await versions.getByRole('link', { name: 'Version 1' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${title}: version 1` })).toBeVisible();
  await expect(page.getByText(`Stir the glaze for ${word} minutes.`)).toBeVisible();
  await expect(page.getByText('then sieve it.')).toHaveCount(0);
});

test('a save from an older version is refused with who saved since, and the editor can reload', async ({ page }) => {
  const word = uniqueWord();
  await login(page, 'Admin');
  const created = await page.request.post('/api/documentation/pages', {
    data: { title: `Pallet wrapping ${word}`, section: 'Logistics', body: 'Wrap three times.' },
  });
  expect(created.status()).toBe(201);
  const { slug } = (await created.json()) as { slug: string };

  await page.goto(`/documentation/${slug}/edit`);
  await expect(page.getByLabel('Text (Markdown)')).toHaveValue('Wrap three times.');
  // Someone else saves meanwhile.
  const other = await page.request.patch(`/api/documentation/pages/${slug}`, {
    data: { body: 'Wrap four times.', version: 1 },
  });
  expect(other.status()).toBe(200);

  await page.getByLabel('Text (Markdown)').fill('Wrap five times.');
  await page.getByRole('button', { name: 'Save page' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Someone else saved this page since you opened it' });
  await expect(alert).toContainText('Amina Admin saved version 2');
  await alert.getByRole('button', { name: 'Reload the latest version' }).click();
  await expect(page.getByLabel('Text (Markdown)')).toHaveValue('Wrap four times.');
  await expect(page.getByText('Editing version 2.')).toBeVisible();
});

test('someone who is not Admin reads a page and its history but gets no Edit', async ({ page }) => {
  await login(page, 'Sales Officer');
  await page.goto('/documentation');
  await docNav(page).getByRole('link', { name: 'Stove inspection checklist' }).click();
  await expect(page).toHaveURL(/\/documentation\/stove-inspection-checklist$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Stove inspection checklist' })).toBeVisible();
  await expect(page.getByText('version 3', { exact: false })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'New page' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'History' }).click();
  await expect(page.getByRole('table', { name: 'Versions' }).getByRole('row')).toHaveCount(4);

  // The editor itself is refused.
  await page.goto('/documentation/stove-inspection-checklist/edit');
  await expect(page.getByText('Access Denied')).toBeVisible();
});

test('the search finds a page by a word of its text and highlights it', { tag: '@smoke' }, async ({ page }) => {
  await login(page, 'Stove Coupler');
  await page.goto('/documentation');
  await page.getByLabel('Search documentation').fill('micrometer');
  await expect(page).toHaveURL(/\/documentation\?q=micrometer$/);
  const results = page.getByRole('region', { name: /found for “micrometer”/ });
  await expect(results.getByRole('heading', { name: '1 page found for “micrometer”' })).toBeVisible();
  await expect(results.getByRole('link', { name: 'Receiving steel deliveries' })).toBeVisible();
  await expect(results.locator('mark', { hasText: 'micrometer' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The start of a word is enough; nothing found says so.
  await page.getByLabel('Search documentation').fill('extinguish');
  await expect(page.getByRole('link', { name: 'Kiln safety' }).last()).toBeVisible();
  await page.getByLabel('Search documentation').fill('qqzzxxnothing');
  await expect(page.getByRole('heading', { name: 'No pages found for “qqzzxxnothing”' })).toBeVisible();

  // Searching from a page opens the results.
  await page.goto('/documentation/first-aid');
  await page.getByLabel('Search documentation').fill('blisters');
  await expect(page).toHaveURL(/\/documentation\?q=blisters$/);
  await expect(page.getByRole('link', { name: 'First aid and emergencies' }).last()).toBeVisible();
});

test('on a phone the pages open behind a Pages button', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await login(page, 'Admin');
  await page.goto('/documentation');
  await expect(docNav(page)).toHaveCount(0);
  await page.getByRole('button', { name: /^Pages/ }).click();
  await docNav(page).getByRole('link', { name: 'Dispatch procedure' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dispatch procedure' })).toBeVisible();
  await expect(docNav(page)).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // The editor shows Write and Preview as tabs.
  await page.goto('/documentation?new=1');
  await page.getByLabel('Text (Markdown)').fill('## Loading bay\n\n- [x] Chocks in place');
  await expect(page.getByRole('heading', { level: 2, name: 'Loading bay' })).toBeHidden();
  await page.getByRole('tab', { name: 'Preview' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Loading bay' })).toBeVisible();
  await expect(page.getByLabel('Text (Markdown)')).toBeHidden();
  expect(await seriousViolations(page)).toEqual([]);
});
