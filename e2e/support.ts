/** Shared end-to-end helpers: the demo logins, signing in through the API, held and failing requests, axe. */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Locator, type Page, type Route } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/server/demo/accounts';
import type { Group } from '../src/common/permissions';

export { DEMO_PASSWORD };

export function demoUser(group: Group): { email: string; name: string } {
  const user = DEMO_USERS.find((u) => u.group === group);
  if (!user) throw new Error(`no demo user for ${group}`);
  return user;
}

/**
 * Signs in as the group's demo user through the API: the session cookie lands in the page's browser
 * context and nothing is loaded, so the test opens the screen it is about (`page.goto('/')` for the
 * landing page). The login screen's own tests (login.spec.ts) sign in through it.
 */
export async function login(page: Page, group: Group): Promise<void> {
  const user = demoUser(group);
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email: user.email, password: DEMO_PASSWORD },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** A phone's screen (a recent iPhone's), for the tests of the floor's phones. */
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true };

/**
 * Another person's browser: a page in a context of its own, signed in as the group's demo user
 * (through the API, as `login`), on a phone's screen with `phone`.
 */
export async function signedIn(browser: Browser, group: Group, { phone = false } = {}): Promise<Page> {
  const context = await browser.newContext(phone ? PHONE : {});
  const page = await context.newPage();
  await login(page, group);
  return page;
}

/** The sidebar's navigation landmark. */
export function mainNav(page: Page) {
  return page.getByRole('navigation', { name: 'Main' });
}

/** Expands every menu group and returns the menu as text: singles as "Title", groups as "Group > Item". */
export async function readMenu(page: Page): Promise<string[]> {
  const nav = mainNav(page);
  await expect(nav.locator('ul').first()).toBeVisible();
  await expect(nav.getByText('Loading permissions...')).toHaveCount(0);
  const triggers = nav.locator('button[aria-expanded]');
  const count = await triggers.count();
  for (let i = 0; i < count; i++) {
    const trigger = triggers.nth(i);
    if ((await trigger.getAttribute('aria-expanded')) !== 'true') await trigger.click();
  }
  const lines: string[] = [];
  const items = nav.locator('ul').first().locator(':scope > li');
  const n = await items.count();
  for (let i = 0; i < n; i++) {
    const li = items.nth(i);
    const trigger = li.locator(':scope > button[aria-expanded]');
    if ((await trigger.count()) > 0) {
      const group = (await trigger.innerText()).trim();
      const subs = await li.locator('ul a').allInnerTexts();
      lines.push(...subs.map((s) => `${group} > ${s.trim()}`));
    } else if ((await li.locator(':scope > a').count()) > 0) {
      lines.push((await li.locator(':scope > a').innerText()).trim());
    }
  }
  return lines;
}

/**
 * Holds every request matching `url` until the returned function is called,
 * so a test can see the busy or loading state the request causes.
 */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * How long a test waits for a live update: under the 30 s fallback poll, so a change that arrives
 * within it came through the live stream.
 */
export const LIVE = { timeout: 20_000 };

/**
 * Holds the page's live stream (GET /api/live) unanswered from its next load on. The page then hears
 * of nothing done elsewhere and, its stream never failing, does not poll either. For a test of the
 * server's refusal of something changed meanwhile, which a live re-check would otherwise beat to
 * the click.
 */
export async function holdLiveUpdates(page: Page): Promise<void> {
  await holdRequests(page, '**/api/live');
}

export interface FailingRequests {
  /** Lets the requests held so far (and later ones) through to fail: the end of the loading state. */
  release(): void;
  /**
   * Presses Retry in `alert` and lets the requests made from then on reach the server. Until the
   * press every request fails, and requests that arrive while Retry is being pressed are held,
   * so a background refetch (a live update, the window regaining focus) can neither load the data
   * before Retry is pressed nor remove the button being pressed. Checks that the press itself
   * asked the server again.
   */
  retry(alert: Locator, button?: string): Promise<void>;
}

/**
 * Answers every request matching `url` with a 500 carrying `message` until the test presses Retry.
 * With `held`, the requests wait for `release()` first, so the test can see the loading state.
 */
export async function failUntilRetry(
  page: Page,
  url: string,
  { message = 'Something went wrong on the server.', held = false }: { message?: string; held?: boolean } = {},
): Promise<FailingRequests> {
  let phase: 'loading' | 'failing' | 'retrying' | 'passing' = held ? 'loading' : 'failing';
  const waiting: Route[] = [];
  let released: () => void = () => undefined;
  const loaded = new Promise<void>((resolve) => (released = resolve));
  const fail = (route: Route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'INTERNAL', message } }),
    });
  await page.route(url, async (route) => {
    if (phase === 'loading') await loaded;
    if (phase === 'loading' || phase === 'failing') return fail(route);
    if (phase === 'retrying') return void waiting.push(route);
    return route.continue();
  });
  return {
    release() {
      if (phase === 'loading') phase = 'failing';
      released();
    },
    async retry(alert, button = 'Retry') {
      const press = alert.getByRole('button', { name: button });
      await expect(press).toBeVisible();
      phase = 'retrying';
      const before = waiting.length;
      await press.click();
      await expect.poll(() => waiting.length, { message: `${button} asks the server again` }).toBeGreaterThan(before);
      phase = 'passing';
      // A request the page gave up on (a refetch that Retry replaced) can no longer be continued.
      await Promise.all(waiting.splice(0).map((route) => route.continue().catch(() => undefined)));
    },
  };
}

/**
 * Types each value into its input within one task of the page, as a fast user or a busy machine
 * can: the page renders none of the changes before the last is made. Each input gets the value
 * through the element's own setter and an `input` event, as React expects of a typed value.
 */
export async function fillAtOnce(fields: [Locator, string][]): Promise<void> {
  const [first] = fields;
  if (!first) return;
  const elements = await Promise.all(fields.map(([field]) => field.elementHandle()));
  const values = fields.map(([, value]) => value);
  await first[0].page().evaluate(
    ({ inputs, typed }) => {
      const descriptor = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value');
      inputs.forEach((input, i) => {
        descriptor?.set?.call(input as HTMLInputElement, typed[i]);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      });
    },
    { inputs: elements, typed: values },
  );
}

/** Per scan: axe takes seconds on a busy machine, so each scan extends the test's time limit. */
const AXE_SCAN_ALLOWANCE_MS = 15_000;

/**
 * Waits (at most 6 s) until no finite animation or transition is running. A toast sliding in is
 * half transparent, and axe would judge its text's contrast on that frame rather than on the
 * toast people read. Spinners and skeleton pulses run forever and are not waited for.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
      undefined,
      { timeout: 6_000, polling: 100 },
    )
    .catch(() => undefined);
}

/**
 * Whether the page changed (an element added or removed, a text or an attribute changed) between
 * `watchForChanges` and this call: a live update's toast arriving during an axe scan is read half
 * faded in, and its contrast judged on that frame.
 */
async function changedSince(page: Page, start: boolean): Promise<boolean> {
  return page.evaluate((starting) => {
    const w = window as unknown as { axeWatch?: { observer: MutationObserver; changed: boolean } };
    if (starting) {
      const watch = { changed: false, observer: new MutationObserver(() => (watch.changed = true)) };
      watch.observer.observe(document.documentElement, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
      });
      w.axeWatch = watch;
      return false;
    }
    const watch = w.axeWatch;
    watch?.observer.disconnect();
    delete w.axeWatch;
    return watch?.changed ?? true;
  }, start);
}

/**
 * The serious and critical axe violations on the page now, one line each (expect it to equal []).
 * A scan of a page that changed while axe read it is repeated (up to three scans) once the page has
 * settled, so what is judged is what people see, not a frame of a toast sliding in.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  test.info().setTimeout(test.info().timeout + AXE_SCAN_ALLOWANCE_MS);
  for (let scan = 1; ; scan++) {
    await settleAnimations(page);
    await changedSince(page, true);
    // Only the violations are read: axe then skips collecting the nodes of every passing rule. Legacy
    // mode runs axe in the page itself; the default opens a blank page to merge the frames' results
    // and injects axe there again, twice the time of a scan, for frames the app does not have.
    const results = await new AxeBuilder({ page })
      .setLegacyMode(true)
      .options({ resultTypes: ['violations'] })
      .analyze();
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
    if (serious.length === 0 || scan === 3 || !(await changedSince(page, false))) return serious;
    test.info().setTimeout(test.info().timeout + AXE_SCAN_ALLOWANCE_MS);
  }
}
