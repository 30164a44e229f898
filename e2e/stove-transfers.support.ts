/** Stove transfer end-to-end helpers: stove IDs and transfers made through the API of a signed-in page. */
import { expect, type Browser, type Page } from '@playwright/test';
import { stoveCode } from '../src/common/stove-codes';
import { DEMO_PASSWORD } from './support';
import type { FactoryOption } from '../src/common/contracts/factories';
import type { StoveTransfer } from '../src/common/contracts/stove-ids';

/** A generation prefix unique to this run and test (letters only, so codes never clash). */
export function uniquePrefix(): string {
  const stamp = (Date.now() * 1000 + Math.floor(Math.random() * 1000)).toString(26);
  return `T${[...stamp].map((c) => String.fromCharCode(65 + parseInt(c, 26))).join('')}`.slice(0, 12);
}

export async function factoryByCode(page: Page, code: string): Promise<FactoryOption> {
  const response = await page.request.get('/api/factories/options');
  expect(response.status()).toBe(200);
  const { items } = (await response.json()) as { items: FactoryOption[] };
  const factory = items.find((f) => f.code === code);
  if (!factory) throw new Error(`no factory ${code}`);
  return factory;
}

/** Generates `count` stove IDs at a factory (POST /api/stove-id-batches) and returns their codes. */
export async function createStoveIds(page: Page, factoryId: string, count: number): Promise<string[]> {
  const prefix = uniquePrefix();
  const response = await page.request.post('/api/stove-id-batches', {
    data: { factoryId, prefix, firstNumber: 1, count, width: 5 },
  });
  expect(response.status(), await response.text()).toBe(201);
  return Array.from({ length: count }, (_, i) => stoveCode(prefix, i + 1, 5));
}

/** Sends a transfer (POST /api/stove-transfers). */
export async function sendTransfer(
  page: Page,
  input: { fromFactoryId: string; toFactoryId: string; codes: string[] },
): Promise<StoveTransfer> {
  const response = await page.request.post('/api/stove-transfers', { data: input });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as StoveTransfer;
}

export async function pendingIncoming(page: Page): Promise<number> {
  const response = await page.request.get('/api/stove-transfers/pending-count');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { incoming: number }).incoming;
}

/**
 * Creates a Factory Manager of a factory (POST /api/users, as an Admin) and signs them in through
 * the API in a browser of their own: its page, with nothing loaded yet.
 */
export async function signInNewFactoryManager(admin: Page, browser: Browser, factoryId: string): Promise<Page> {
  const token = uniquePrefix().toLowerCase();
  const user = { email: `fm.${token}@example.com`, name: `Manager ${token.toUpperCase()}`, password: DEMO_PASSWORD };
  const response = await admin.request.post('/api/users', {
    data: { ...user, groups: ['Factory Manager'], factoryId },
  });
  expect(response.status(), await response.text()).toBe(201);
  const page = await (await browser.newContext()).newPage();
  const signedIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email: user.email, password: user.password },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  return page;
}
