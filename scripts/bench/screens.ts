/**
 * The ten busiest screens in Chromium (issue 24 part 3): for each, the first useful paint after
 * navigation (its heading shown and nothing on it still loading: no spinner, no busy table, the
 * first row or the report's figures there) and the longest main-thread task meanwhile, targets
 * ≤ 1 s and ≤ 100 ms. Each screen twice: cold (a new browser, the app's first load at that URL) and
 * warm (from the screen before it, in-app navigation). The data: the stove ID registry's
 * BENCH_STOVE_IDS IDs (default 1,000,000) and the sales bench's BENCH_SALES_LINES order lines
 * (default 1,000,000), seeded by the same generators as those benchmarks, signed in as an Admin.
 */
import type { Page } from '@playwright/test';
import { addDays } from '../../src/common/calendar-days';
import { SHELL_ROUTES } from '../../src/common/permissions';
import { measureInBrowser, type BrowserStep } from './browser';
import { masterData, seed as seedSales } from './sales';
import { seedStoveIds } from './stove-ids';
import { createBenchFactories, signInAs, startBenchApp } from './support';

const TARGET_MS = 1000;
/** ~2 years of sales, as the sales bench. */
const SALES_DAYS = 2 * 365;

/** The screens, by route, with what shows their real content (besides nothing loading). */
const SCREENS: { path: string; content?: (page: Page) => Promise<unknown> }[] = [
  {
    path: '/stove-id/management',
    content: (page) =>
      page.getByRole('table', { name: 'Stove IDs' }).getByRole('row').nth(1).getByRole('cell').nth(1).waitFor(),
  },
  { path: '/stove-id/transfer' },
  { path: '/production/stove-report' },
  { path: '/stove-id/validate' },
  { path: '/sales/sales-order' },
  { path: '/sales/sales-report' },
  { path: '/inventory/management' },
  { path: '/admin-dashboard' },
  { path: '/ckd/report' },
  { path: '/users' },
];

function title(path: string): string {
  const route = SHELL_ROUTES.find((r) => r.path === path);
  if (!route) throw new Error(`no shell route ${path}`);
  return route.title;
}

/** The screen's heading, then its own content, then nothing on the page still loading. */
async function useful(page: Page, screen: (typeof SCREENS)[number]): Promise<void> {
  await page.getByRole('heading', { level: 1, name: title(screen.path), exact: true }).waitFor();
  await screen.content?.(page);
  await page.waitForFunction(
    () => document.querySelectorAll('[data-slot="loading"], [data-slot="skeleton"], [aria-busy="true"]').length === 0,
    undefined,
    { polling: 'raf' },
  );
}

export async function benchScreens(label: string, databaseUrl?: string): Promise<void> {
  const bench = await startBenchApp(databaseUrl);
  const { handle, base } = bench;
  try {
    const factoryIds = await createBenchFactories(handle);
    const admin = await signInAs(bench, {
      email: 'screens-bench@example.com',
      name: 'Screens Bench',
      groups: ['Admin'],
      factoryId: null,
    });
    const started = performance.now();
    await seedStoveIds(handle, factoryIds, admin.id);
    const today = new Date().toISOString().slice(0, 10);
    const start = addDays(today, -(SALES_DAYS - 1));
    const { orders } = await seedSales(handle, { factoryIds, start, ...(await masterData(handle, start)) });
    console.log(
      `\n## The ten busiest screens in Chromium on ${label} (stove IDs and ${orders.toLocaleString('en-US')} sales orders ` +
        `seeded in ${((performance.now() - started) / 1000).toFixed(1)} s; BENCH_STOVE_IDS, BENCH_SALES_LINES)`,
    );
    const cold: BrowserStep[] = SCREENS.map((screen) => ({
      label: `cold ${screen.path}`,
      cold: true,
      act: (page) => page.goto(`${base}${screen.path}`),
      done: (page) => useful(page, screen),
      targetMs: TARGET_MS,
    }));
    // In-app navigation from the screen before (the first from the last), as a link in the menu does.
    const warm: BrowserStep[] = SCREENS.map((screen) => ({
      label: `warm ${screen.path}`,
      act: (page) =>
        page.evaluate((path) => {
          window.history.pushState({}, '', path);
          window.dispatchEvent(new PopStateEvent('popstate'));
        }, screen.path),
      done: (page) => useful(page, screen),
      targetMs: TARGET_MS,
    }));
    // The cold steps leave the app open on the last screen; the warm ones start from there.
    await measureInBrowser(base, admin.cookie, [...cold, ...warm]);
  } finally {
    await bench.close();
  }
}
