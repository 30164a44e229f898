/**
 * A screen measured in a real Chromium (Debian's, as the end-to-end tests use): the time from a
 * user's action to what they wait for, and the longest main-thread task meanwhile (what makes a
 * page feel stuck). Prints one line per step; asserts nothing.
 */
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_INSTALL_HINT, chromiumPath } from '../chromium';
import { verdict } from './support';

export interface BrowserStep {
  label: string;
  /** The action (navigation, typing, a click)… */
  act: (page: Page) => Promise<unknown>;
  /** …and what the user waits for. */
  done: (page: Page) => Promise<unknown>;
  targetMs: number;
  /** A first load of the app: the step gets a new browser context (empty cache, no app loaded). */
  cold?: boolean;
}

/** Longest-task target: the RAIL model's budget for responding to input. */
const LONG_TASK_TARGET_MS = 100;

export async function measureInBrowser(base: string, cookie: string, steps: readonly BrowserStep[]): Promise<void> {
  const executablePath = chromiumPath();
  if (!executablePath) {
    console.log(`  (no Chromium found: browser figures skipped; ${CHROMIUM_INSTALL_HINT})`);
    return;
  }
  const browser = await chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    const [name = '', value = ''] = cookie.split(/=(.*)/s);
    const newPage = async () => {
      const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
      await context.addCookies([{ name, value, url: base, httpOnly: true }]);
      await context.addInitScript(() => {
        const w = window as unknown as { __longestTask: number };
        w.__longestTask = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) w.__longestTask = Math.max(w.__longestTask, entry.duration);
        }).observe({ type: 'longtask', buffered: true });
      });
      return context.newPage();
    };
    let page = await newPage();
    for (const step of steps) {
      if (step.cold) {
        await page.context().close();
        page = await newPage();
      }
      await page.evaluate(() => ((window as unknown as { __longestTask: number }).__longestTask = 0)).catch(() => {});
      const started = performance.now();
      await step.act(page);
      await step.done(page);
      const ms = performance.now() - started;
      const longest = await page.evaluate(() => (window as unknown as { __longestTask: number }).__longestTask);
      console.log(
        `  ${step.label.padEnd(34)} ${ms.toFixed(0).padStart(5)} ms  longest task ${longest.toFixed(0).padStart(4)} ms  ` +
          verdict(
            ms <= step.targetMs && longest <= LONG_TASK_TARGET_MS,
            `≤ ${step.targetMs} ms, task ≤ ${LONG_TASK_TARGET_MS} ms`,
          ),
      );
    }
  } finally {
    await browser.close();
  }
}
