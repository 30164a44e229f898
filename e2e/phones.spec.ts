/**
 * The app on a phone (390 px wide): no screen scrolls sideways, lists keep their filters behind a
 * "Filters" button and show their rows as cards, documents keep their actions in reach, and the
 * scan field has the focus when a scanning screen opens.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { ckdTransferNumberLabel } from '../src/common/contracts/ckd';
import { SHELL_ROUTES } from '../src/common/permissions';
import { login, PHONE, seriousViolations } from './support';

test.use({ ...PHONE, hasTouch: true });

/**
 * The pages under the shell routes, as router.tsx declares them (`childRoute('/parent', 'child', …)`
 * and `path: '/…'`), read from its source so a new page cannot be left out of the tour.
 */
function routerChildPatterns(): string[] {
  const source = readFileSync(new URL('../src/web/app/router.tsx', import.meta.url), 'utf8');
  const children = [...source.matchAll(/childRoute\(\s*'([^']+)',\s*'([^']+)'/g)].map(([, p, c]) => `${p}/${c}`);
  // A route's own path: `path: '/…'` or the first argument of pageRoute / salesRecordRoute.
  const paths = [...source.matchAll(/(?:path: |pageRoute\(\s*|salesRecordRoute\(\s*)'(\/[^']*)'/g)].map(
    ([, path]) => path!,
  );
  return [...children, ...paths].filter((path) => !['/auth', '/404'].includes(path));
}

async function firstItem<T>(request: APIRequestContext, url: string): Promise<T> {
  const response = await request.get(url);
  expect(response.status(), `${url}: ${await response.text()}`).toBe(200);
  const body = (await response.json()) as { items: T[] };
  const [item] = body.items;
  if (!item) throw new Error(`The demo data has nothing at ${url}`);
  return item;
}

async function docSlug(request: APIRequestContext): Promise<string> {
  const response = await request.get('/api/documentation/pages');
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { sections: { pages: { slug: string }[] }[] };
  const slug = body.sections.flatMap((section) => section.pages)[0]?.slug;
  if (!slug) throw new Error('The demo data has no documentation page');
  return slug;
}

/** Each child page of the router, opened on a record of the demo data. */
const CHILD_PAGES: Record<string, (request: APIRequestContext) => Promise<string>> = {
  '/documentation/:slug': async (r) => `/documentation/${await docSlug(r)}`,
  '/documentation/:slug/edit': async (r) => `/documentation/${await docSlug(r)}/edit`,
  '/documentation/:slug/history': async (r) => `/documentation/${await docSlug(r)}/history`,
  '/documentation/:slug/history/:version': async (r) => {
    const slug = await docSlug(r);
    const { version } = await firstItem<{ version: number }>(r, `/api/documentation/pages/${slug}/history`);
    return `/documentation/${slug}/history/${version}`;
  },
  '/app-doc/:slug': async (r) => `/app-doc/${(await firstItem<{ slug: string }>(r, '/api/app-doc')).slug}`,
  '/stove-id/management/:code': async (r) =>
    `/stove-id/management/${(await firstItem<{ code: string }>(r, '/api/stove-ids?limit=1')).code}`,
  '/stove-id/labels': async (r) =>
    `/stove-id/labels?codes=${(await firstItem<{ code: string }>(r, '/api/stove-ids?limit=1')).code}`,
  '/stove-id/transfer-confirmations/:id': async (r) =>
    `/stove-id/transfer-confirmations/${(await firstItem<{ id: string }>(r, '/api/stove-transfers?limit=1')).id}`,
  '/stove-id/transfer-history/:id': async (r) =>
    `/stove-id/transfer-history/${(await firstItem<{ id: string }>(r, '/api/stove-transfers?limit=1')).id}`,
  '/stove-id/transfer-confirmations/:id/receive': async (r) =>
    `/stove-id/transfer-confirmations/${(await firstItem<{ id: string }>(r, '/api/stove-transfers?limit=1&status=pending')).id}/receive`,
  '/stove-id/transfer-confirmations/:id/dispatch-note': async (r) =>
    `/stove-id/transfer-confirmations/${(await firstItem<{ id: string }>(r, '/api/stove-transfers?limit=1')).id}/dispatch-note`,
  '/stove-id/transfer-history/:id/dispatch-note': async (r) =>
    `/stove-id/transfer-history/${(await firstItem<{ id: string }>(r, '/api/stove-transfers?limit=1')).id}/dispatch-note`,
  '/ckd/transfer/:number/dispatch-note': async (r) =>
    `/ckd/transfer/${ckdTransferNumberLabel((await firstItem<{ number: number }>(r, '/api/ckd/transfers?limit=1')).number)}/dispatch-note`,
  '/inventory/transfer-history/:id/dispatch-note': async (r) =>
    `/inventory/transfer-history/${(await firstItem<{ id: string }>(r, '/api/inventory/entries?kind=transfer&limit=1')).id}/dispatch-note`,
  '/sales/sales-order/:id': async (r) =>
    `/sales/sales-order/${(await firstItem<{ id: string }>(r, '/api/sales/orders?limit=1')).id}`,
  '/sales/returns/:id': async (r) =>
    `/sales/returns/${(await firstItem<{ id: string }>(r, '/api/sales/returns?limit=1')).id}`,
  '/production/stove-reports/:id': async (r) =>
    `/production/stove-reports/${(await firstItem<{ id: string }>(r, '/api/stove-reports?limit=1')).id}`,
  '/account': async () => '/account',
  // Forgot password? (also checked at 390 px signed out, in password-recovery.spec.ts).
  '/recover': async () => '/recover',
  // An invitation's page without a live link (the form on a phone: invitations.spec.ts).
  '/invitation': async () => '/invitation',
};

/** How far the page reaches past the screen's right edge, in CSS pixels (0: it does not scroll sideways). */
async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const screen = Math.min(window.innerWidth, document.documentElement.clientWidth);
    return Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - screen;
  });
}

/** Opens each address and names those that did not load or that scroll sideways. */
async function tour(page: Page, urls: readonly string[]): Promise<string[]> {
  const problems: string[] = [];
  const busy = page.locator('[data-slot="loading"], [data-slot="skeleton"], [data-testid="data-table-skeleton-row"]');
  for (const url of urls) {
    await page.goto(url);
    try {
      await expect(page.locator('h1').first()).toBeVisible();
      await expect(busy).toHaveCount(0);
    } catch {
      problems.push(`${url} did not finish loading`);
      continue;
    }
    const overflow = await sidewaysOverflow(page);
    if (overflow > 0) problems.push(`${url} scrolls sideways by ${overflow}px`);
  }
  return problems;
}

async function permissionsOf(page: Page): Promise<string[]> {
  const response = await page.request.get('/api/me');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { permissions: string[] }).permissions;
}

/** The shell routes in two halves, one per test, so two workers share the tour. */
const HALF = Math.ceil(SHELL_ROUTES.length / 2);

async function tourShellRoutes(browser: Browser, page: Page, routes: typeof SHELL_ROUTES): Promise<string[]> {
  await login(page, 'Admin');
  const allowed = new Set(await permissionsOf(page));
  const problems = await tour(
    page,
    routes.filter((r) => allowed.has(r.permission)).map((r) => r.path),
  );
  // The Factory Dashboard is not an Admin's: a Factory Manager opens it.
  const others = routes.filter((r) => !allowed.has(r.permission)).map((r) => r.path);
  if (others.length > 0) {
    const context = await browser.newContext({ ...PHONE, hasTouch: true });
    const manager = await context.newPage();
    await login(manager, 'Factory Manager');
    const managerAllowed = new Set(await permissionsOf(manager));
    const openable = routes.filter((r) => others.includes(r.path) && managerAllowed.has(r.permission));
    expect(
      openable.map((r) => r.path),
      'every shell route is opened by an Admin or a Factory Manager',
    ).toEqual(others);
    problems.push(...(await tour(manager, others)));
    await context.close();
  }
  return problems;
}

test('the first half of the menu’s screens fit a phone’s width', async ({ browser, page }) => {
  test.setTimeout(180_000);
  expect(await tourShellRoutes(browser, page, SHELL_ROUTES.slice(0, HALF))).toEqual([]);
});

test('the second half of the menu’s screens, My account and the record pages fit a phone’s width', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  const patterns = routerChildPatterns();
  expect(patterns.toSorted(), 'each page of the router has its address here').toEqual(
    Object.keys(CHILD_PAGES).toSorted(),
  );
  const problems = await tourShellRoutes(browser, page, SHELL_ROUTES.slice(HALF));
  const urls = await Promise.all(patterns.map((pattern) => CHILD_PAGES[pattern]!(page.request)));
  problems.push(...(await tour(page, urls)));
  expect(problems).toEqual([]);
});

test('on a phone a list keeps its filters behind “Filters”, shows cards with their main action, documents keep their actions in reach and the scan field keeps the focus', async ({
  page,
}) => {
  await login(page, 'Admin');
  // Two filters in the address: the button counts them; the filters wait behind it.
  await page.goto('/stove-id/transfer-history?status=pending&from=2000-01-01');
  await expect(page.getByRole('heading', { level: 1, name: 'Transfer History' })).toBeVisible();
  const filters = page.getByRole('button', { name: 'Filters (2)' });
  await expect(filters).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByLabel('Status')).toHaveCount(0);
  await filters.click();
  await expect(page.getByLabel('Status')).toHaveValue('pending');
  await page.getByLabel('Sent until').fill('2099-12-31');
  await expect(page.getByRole('button', { name: 'Filters (3)' })).toHaveAttribute('aria-expanded', 'true');
  await page.getByLabel('Sort by').selectOption({ label: 'Transfer, descending' });
  await expect(page).toHaveURL(/sort=number/);
  await page.getByRole('button', { name: 'Filters (3)' }).click();
  await expect(page.getByLabel('Status')).toHaveCount(0);

  // The rows are cards, each with its headers as labels and its main action as a button.
  await expect(page.getByRole('table')).toHaveCount(0);
  const card = page.getByRole('list', { name: 'Stove transfers' }).getByRole('listitem').first();
  await expect(card.getByText('Status', { exact: true })).toBeVisible();
  await expect(card).toContainText('Pending');
  const open = card.getByRole('button', { name: /^Open TR-\d+ from / });
  await expect(open).toBeInViewport();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);
  await open.click();

  // The transfer's actions are on screen without scrolling.
  await expect(page.getByRole('heading', { level: 1, name: /^Transfer TR-/ })).toBeVisible();
  const actions = page.getByRole('region', { name: 'Actions' });
  await expect(actions.getByRole('button', { name: 'Confirm all' })).toBeInViewport();

  // A stove report's Void, under its details, waits in a bar at the bottom of the screen.
  const reports = (await (await page.request.get('/api/stove-reports?limit=50')).json()) as { items: { id: string }[] };
  let voidable: string | undefined;
  for (const { id } of reports.items) {
    const detail = (await (await page.request.get(`/api/stove-reports/${id}`)).json()) as { can: { void: boolean } };
    if (detail.can.void) {
      voidable = id;
      break;
    }
  }
  if (!voidable) throw new Error('The demo data has no stove report that can be voided');
  // A smaller phone's screen, so the details reach below it.
  await page.setViewportSize({ width: 390, height: 560 });
  await page.goto(`/production/stove-reports/${voidable}`);
  await expect(page.getByRole('heading', { level: 1, name: /^Stove report / })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Void report' })).toBeInViewport();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  // A sales order's actions stand beside its title on a desk's screen; on a phone, scrolled down
  // to its stove IDs, they are in the bar at the bottom.
  const [order] = ((await (await page.request.get('/api/sales/orders?limit=1')).json()) as { items: { id: string }[] })
    .items;
  if (!order) throw new Error('The demo data has no sales order');
  await page.goto(`/sales/sales-order/${order.id}`);
  await expect(page.getByRole('heading', { level: 1, name: /^Sales order / })).toBeVisible();
  await page
    .getByRole('region', { name: /Stove IDs/ })
    .first()
    .scrollIntoViewIfNeeded();
  await expect(page.getByRole('button', { name: /^Print .*delivery note$/ })).toBeInViewport();
  await expect(page.getByRole('button', { name: /^Print .*delivery note$/ })).toHaveCount(1);
  await page.setViewportSize(PHONE.viewport);

  // Transfer Confirmations, not a shared list, has cards too, with Open in reach.
  await page.goto('/stove-id/transfer-confirmations');
  const pending = page.getByRole('list', { name: 'Pending transfers' }).getByRole('listitem');
  await expect(pending.first().getByRole('link', { name: /^Open TR-/ })).toBeInViewport();

  // A scanning screen opens with the focus in its scan field, and keeps it scan after scan: a
  // scanner only types.
  await page.goto('/stove-id/validate');
  const scan = page.getByLabel('Scan or type a stove ID');
  await expect(scan).toBeFocused();
  await page.keyboard.type('LEGACY-PHONE-1\n');
  await page.keyboard.type('LEGACY-PHONE-2\n');
  await expect(page.getByText('2 stove IDs', { exact: true })).toBeVisible();
  await expect(scan).toBeFocused();
  await expect(scan).toHaveValue('');
  await page.goto('/stove-id/transfer');
  await expect(page.getByLabel('Scan or type a stove ID')).toBeFocused();
  await expect(page.getByRole('heading', { level: 1, name: 'Stove Transfer' })).toBeInViewport();
});
