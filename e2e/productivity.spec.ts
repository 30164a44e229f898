/**
 * Daily production reports and productivity: a supervisor submits a factory's day and edits it;
 * an admin sets a default target and a factory's own, deletes a scheduled one, and reads the
 * tracker's target, worker-hours and attainment for days reported through the API; a Factory
 * Manager sees only their factory; axe; phone width.
 */
import { expect, test, type Page } from '@playwright/test';
import { addDays, dayLabel, isoWeekday } from '../src/common/calendar-days';
import { demoToday } from '../src/server/demo/accounts';
import type { DailyProductionReport, ProductivityTracker } from '../src/common/contracts/productivity';
import { fillAtOnce, login, seriousViolations } from './support';
import { createStoveIds, factoryByCode, uniquePrefix } from './stove-transfers.support';

/** A new assembly factory (POST /api/factories as an Admin), so its days and targets are this test's own. */
async function newFactory(page: Page): Promise<{ id: string; name: string; code: string }> {
  const code = uniquePrefix().slice(1, 9);
  const name = `Productivity ${code}`;
  const response = await page.request.post('/api/factories', { data: { name, code, kind: 'assembly' } });
  expect(response.status(), await response.text()).toBe(201);
  return { ...((await response.json()) as { id: string }), name, code };
}

async function dailyReport(page: Page, factoryId: string, date: string, couplersPresent: number, hoursWorked: number) {
  const response = await page.request.post('/api/daily-production-reports', {
    data: { factoryId, date, couplersPresent, hoursWorked, defects: 0, downtimeMinutes: 0 },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as DailyProductionReport;
}

/**
 * `count` stoves coupled today at a factory (POST /api/stove-reports), as the signed-in admin: a new
 * stove model's kits are produced at the NBO plant and sent there, stove IDs are generated there.
 */
async function coupleStoves(page: Page, factoryId: string, count: number): Promise<void> {
  const code = `P${uniquePrefix().slice(-8)}`;
  const created = await page.request.post('/api/ckd/categories', {
    data: { name: `Kit ${code}`, code, stoveModel: `Jiko ${code}` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id: categoryId } = (await created.json()) as { id: string };
  const nbo = await factoryByCode(page, 'NBO');
  const date = demoToday();
  const produced = await page.request.post('/api/ckd/produced-records', {
    data: { date, factoryId: nbo.id, categoryId, quantity: count },
  });
  expect(produced.status(), await produced.text()).toBe(201);
  const moved = await page.request.post('/api/ckd/transfers', {
    data: { fromFactoryId: nbo.id, toFactoryId: factoryId, lines: [{ categoryId, quantity: count }], date },
  });
  expect(moved.status(), await moved.text()).toBe(201);
  const codes = await createStoveIds(page, factoryId, count);
  const report = await page.request.post('/api/stove-reports', { data: { factoryId, categoryId, date, codes } });
  expect(report.status(), await report.text()).toBe(201);
}

/** A day of `year` that no other test reports at MSA (each test has its own year; the demo's days are recent). */
function unusedDay(year: number): string {
  const n = Math.floor(Math.random() * 300);
  return new Date(Date.UTC(year, 0, 2 + n)).toISOString().slice(0, 10);
}

test('a supervisor submits a daily report, then finds it again and edits it', async ({ page }) => {
  await login(page, 'Production Supervisor');
  // The daily report and the overview have no menu entry: the production screens link them
  // from Submit Production Report (the menu's), each marking where the supervisor is.
  await page.goto('/production/stove-report');
  const screens = page.getByRole('navigation', { name: 'Production screens' });
  await expect(screens.getByRole('link', { name: 'Submit Production Report' })).toHaveAttribute('aria-current', 'page');
  await screens.getByRole('link', { name: 'Production Overview' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Production Overview' })).toBeVisible();
  await screens.getByRole('link', { name: 'Daily Production Report' }).click();
  await expect(page).toHaveURL(/\/production\/submit-report$/);
  await expect(screens.getByRole('link', { name: 'Daily Production Report' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { level: 1, name: 'Daily Production Report' })).toBeVisible();
  const factory = page.getByRole('form').getByLabel('Factory');
  await expect(factory).toBeDisabled();
  await expect(factory).toContainText('MSA');

  const day = unusedDay(2023);
  await page.getByLabel('Date').fill(day);
  await expect(page.getByRole('heading', { name: 'New daily report' })).toBeVisible();
  await page.getByLabel('Couplers present').fill('9');
  await page.getByLabel('Hours worked').fill('30');
  await page.getByLabel('Notes (optional)').fill('Generator fault in the morning');
  await page.getByRole('button', { name: 'Submit report' }).click();
  await expect(page.getByText('Hours worked cannot be more than 24')).toBeVisible();
  await page.getByLabel('Hours worked').fill('7.5');
  await page.getByLabel('Downtime minutes').fill('45');
  await page.getByRole('button', { name: 'Submit report' }).click();
  await expect(page.getByText(`Report submitted: Mombasa Assembly, ${dayLabel(day)}`)).toBeVisible();
  // The day now has a report: the form edits it.
  await expect(page.getByRole('heading', { name: 'Edit the daily report' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'already reported' })).toBeVisible();

  // Another day is a new report; coming back loads the saved figures again.
  await page.getByLabel('Date').fill('2022-12-31');
  await expect(page.getByRole('heading', { name: 'New daily report' })).toBeVisible();
  await page.getByLabel('Date').fill(day);
  await expect(page.getByLabel('Couplers present')).toHaveValue('9');
  await expect(page.getByLabel('Downtime minutes')).toHaveValue('45');
  await page.getByLabel('Couplers present').fill('10');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`Report updated: Mombasa Assembly, ${dayLabel(day)}`)).toBeVisible();

  // The recent reports, narrowed to that day: 10 couplers × 7.5 h = 75 worker-hours.
  await page.getByLabel('From', { exact: true }).fill(day);
  await page.getByLabel('To', { exact: true }).fill(day);
  const table = page.getByRole('table', { name: 'Daily reports' });
  const row = table.getByRole('row').filter({ hasText: dayLabel(day) });
  await expect(row).toContainText('Mombasa Assembly');
  await expect(row.getByRole('cell').nth(2)).toHaveText('10');
  await expect(row.getByRole('cell').nth(4)).toHaveText('75');
  await expect(page.getByTestId('data-table-total')).toHaveText('1 daily report');
  const csv = page.getByRole('link', { name: 'Export CSV' });
  await expect(csv).toHaveAttribute('href', new RegExp(`from=${day}`));
  expect(await seriousViolations(page)).toEqual([]);

  // A list row's Edit opens its day in the form.
  await page.getByLabel('Date').fill('2022-12-30');
  await expect(page.getByRole('heading', { name: 'New daily report' })).toBeVisible();
  await row.getByRole('button', { name: /Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: 'Edit the daily report' })).toBeVisible();
  await expect(page.getByLabel('Couplers present')).toHaveValue('10');
});

test('an admin sets targets and the tracker compares reported days with them', async ({ page }) => {
  test.setTimeout(90_000);
  await login(page, 'Admin');
  const factory = await newFactory(page);
  // Yesterday 4 couplers × 8 h, today 5 × 7.5 h; today 3 stoves coupled (by the admin).
  const today = demoToday();
  const yesterday = addDays(today, -1);
  await dailyReport(page, factory.id, yesterday, 4, 8);
  await dailyReport(page, factory.id, today, 5, 7.5);
  await coupleStoves(page, factory.id, 3);

  await page.goto('/production/productivity-settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Productivity Settings' })).toBeVisible();
  const addTarget = async (scope: string, from: string, stoves: string) => {
    await page.getByRole('button', { name: 'New target' }).click();
    const dialog = page.getByRole('dialog', { name: 'New target' });
    await dialog.getByLabel('Applies to').selectOption({ label: scope });
    await dialog.getByLabel('Effective from').fill(from);
    await dialog.getByLabel('Stoves per coupler per day').fill(stoves);
    await dialog.getByLabel('Working hours per day').fill('8');
    await dialog.getByRole('button', { name: 'Save target' }).click();
    await expect(dialog).toBeHidden();
  };
  await addTarget('Default (every factory without its own target)', '2020-01-06', '10');
  await expect(page.getByText('Target saved: the default from 6 Jan 2020')).toBeVisible();
  await addTarget(`${factory.code} — ${factory.name}`, '2025-01-01', '12');
  const factoryTargets = page.getByRole('table', { name: 'Factory targets' });
  await expect(factoryTargets.getByRole('row').filter({ hasText: factory.name })).toContainText('1 Jan 2025');

  // A second target of the same scope and day is refused next to the date.
  await page.getByRole('button', { name: 'New target' }).click();
  const dialog = page.getByRole('dialog', { name: 'New target' });
  await dialog.getByLabel('Applies to').selectOption({ label: `${factory.code} — ${factory.name}` });
  await dialog.getByLabel('Effective from').fill('2025-01-01');
  await dialog.getByLabel('Stoves per coupler per day').fill('20');
  await dialog.getByRole('button', { name: 'Save target' }).click();
  await expect(dialog.getByText(`${factory.name} already has a target from 1 Jan 2025`).first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Discard changes' }).click();

  // A scheduled target can be deleted after confirming; a started one offers no delete.
  const next = `${Number(demoToday().slice(0, 4)) + 3}-01-05`;
  await addTarget(`${factory.code} — ${factory.name}`, next, '15');
  const scheduled = factoryTargets.getByRole('row').filter({ hasText: 'Scheduled' }).filter({ hasText: factory.name });
  await scheduled.getByRole('button', { name: /^Delete the target of/ }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(`Delete the target of ${factory.name} from ${dayLabel(next)}?`);
  await confirm.getByRole('button', { name: 'Delete target' }).click();
  await expect(page.getByText(`Target deleted: ${factory.name} from ${dayLabel(next)}`)).toBeVisible();
  await expect(scheduled).toHaveCount(0);
  const started = factoryTargets.getByRole('row').filter({ hasText: factory.name });
  await expect(started.getByRole('button', { name: /^Delete/ })).toHaveCount(0);

  // The tracker: target 12 × (4 + 5) = 108; worker-hours 32 + 37.5; 3 coupled.
  await page.goto(
    `/production/productivity-tracker?period=day&range=custom&from=${yesterday}&to=${today}&factoryId=${factory.id}`,
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Productivity Tracker' })).toBeVisible();
  const byFactory = page.getByRole('table', { name: 'By factory' });
  const row = byFactory.getByRole('row').filter({ hasText: factory.name });
  const cells = row.getByRole('cell');
  await expect(cells.nth(1)).toHaveText('3'); // coupled
  await expect(cells.nth(2)).toHaveText('9'); // couplers present
  await expect(cells.nth(3)).toHaveText('69.5'); // worker-hours
  await expect(cells.nth(4)).toHaveText('108'); // target
  await expect(cells.nth(5)).toContainText('3%'); // attainment: 3 / 108
  await expect(cells.nth(6)).toHaveText('0.04'); // stoves per worker-hour: 3 / 69.5
  await expect(cells.nth(7)).toHaveText('1.5'); // target per worker-hour: 108 / (9 × 8 h)
  await expect(page.getByText('3 stoves coupled against a target of 108 (3%)')).toBeVisible();
  // The coupler: today's target 12 for one coupler, today's 7.5 hours.
  const coupler = page.getByRole('table', { name: 'By coupler' }).getByRole('row').filter({ hasText: 'Amina Admin' });
  await expect(coupler).toContainText(factory.name);
  await expect(coupler.getByRole('cell').nth(3)).toHaveText('7.5');
  await expect(coupler.getByRole('cell').nth(4)).toHaveText('12');
  await expect(coupler.getByRole('cell').nth(5)).toContainText('25%');

  // By week the same figures; a day-by-day year is refused with the reason.
  await page.getByLabel('Group by').selectOption('week');
  const weeks = isoWeekday(demoToday()) === 1 ? 2 : 1; // yesterday is last week's Sunday on a Monday
  await expect(page.getByRole('table', { name: 'By period' }).getByRole('row')).toHaveCount(weeks + 2);
  await expect(cells.nth(4)).toHaveText('108');
  await page.getByLabel('Range').selectOption('last-12-months');
  await page.getByLabel('Group by').selectOption('day');
  await expect(page.getByRole('alert')).toContainText('By day, a range covers at most 92 days');
});

test('dates changed before the page renders either are both kept, in the daily reports and the tracker', async ({
  page,
}) => {
  await login(page, 'Admin');
  const msa = await factoryByCode(page, 'MSA');
  const report = await dailyReport(page, msa.id, unusedDay(2020), 6, 8);
  await page.goto('/production/submit-report');
  const reports = page.getByRole('table', { name: 'Daily reports' });
  await expect(reports).toBeVisible();
  await fillAtOnce([
    [page.getByLabel('From', { exact: true }), report.date],
    [page.getByLabel('To', { exact: true }), report.date],
  ]);
  await expect(page).toHaveURL(
    new RegExp(`from=${report.date}.*to=${report.date}|to=${report.date}.*from=${report.date}`),
  );
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(report.date);
  await expect(page.getByLabel('To', { exact: true })).toHaveValue(report.date);
  await expect(page.getByTestId('data-table-total')).toHaveText('1 daily report');
  await expect(reports.getByRole('row').filter({ hasText: dayLabel(report.date) })).toContainText('Mombasa Assembly');

  await page.goto('/production/productivity-tracker');
  await expect(page.getByRole('table', { name: 'By period' })).toBeVisible();
  await fillAtOnce([
    [page.getByLabel('From', { exact: true }), '2020-03-01'],
    [page.getByLabel('To', { exact: true }), '2020-03-31'],
  ]);
  await expect(page).toHaveURL(/range=custom/);
  await expect(page).toHaveURL(/from=2020-03-01/);
  await expect(page).toHaveURL(/to=2020-03-31/);
  await expect(page.getByLabel('From', { exact: true })).toHaveValue('2020-03-01');
  await expect(page.getByLabel('To', { exact: true })).toHaveValue('2020-03-31');
});

test("the demo's couplers meet their targets on most days: the tracker names each, at 70-110 %", async ({ page }) => {
  await login(page, 'Admin');
  // The demo's month of coupling ends yesterday (other tests couple today).
  const to = addDays(demoToday(), -1);
  const from = addDays(demoToday(), -45);
  const res = await page.request.get(`/api/productivity/tracker?period=month&from=${from}&to=${to}`);
  expect(res.status()).toBe(200);
  const tracker = (await res.json()) as ProductivityTracker;
  for (const code of ['NBO', 'MSA', 'KSM']) {
    const factory = tracker.factories.find((f) => f.factory.code === code);
    expect(factory?.totals.attainment, code).toBeGreaterThanOrEqual(0.7);
    expect(factory?.totals.attainment, code).toBeLessThanOrEqual(1.1);
  }

  await page.goto(`/production/productivity-tracker?period=month&range=custom&from=${from}&to=${to}`);
  const couplers = page.getByRole('table', { name: 'By coupler' });
  for (const name of ['Collins Coupler', 'Grace Coupler', 'Brian Coupler'])
    await expect(couplers.getByRole('row').filter({ hasText: name }).first()).toBeVisible();
  await expect(couplers).not.toContainText('Amina Admin');
});

test('a Factory Manager sees only their own factory in the tracker and the daily reports', async ({ page }) => {
  await login(page, 'Factory Manager');
  const nbo = await factoryByCode(page, 'NBO');
  await page.goto(`/production/productivity-tracker?factoryId=${nbo.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Productivity Tracker' })).toBeVisible();
  await expect(page.getByLabel('Factory', { exact: true })).toHaveCount(0);
  const rows = page.getByRole('table', { name: 'By factory' }).locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Mombasa Assembly');
  await expect(page.getByText('Nairobi Central Plant')).toHaveCount(0);

  // Reports: only for their own factory, and only their own factory's are listed.
  const msa = await factoryByCode(page, 'MSA');
  const refused = await page.request.post('/api/daily-production-reports', {
    data: {
      factoryId: nbo.id,
      date: unusedDay(2021),
      couplersPresent: 1,
      hoursWorked: 8,
      defects: 0,
      downtimeMinutes: 0,
    },
  });
  expect(refused.status()).toBe(403);
  const own = await dailyReport(page, msa.id, unusedDay(2021), 7, 8);
  await page.goto(`/production/submit-report?from=${own.date}&to=${own.date}`);
  await expect(page.getByRole('form').getByLabel('Factory')).toContainText('MSA');
  const reports = page.getByRole('table', { name: 'Daily reports' });
  await expect(reports.getByRole('row').filter({ hasText: dayLabel(own.date) })).toBeVisible();
  await expect(reports.getByRole('cell', { name: 'Nairobi Central Plant' })).toHaveCount(0);

  await page.goto('/production/productivity-settings');
  await expect(page.getByText('Access Denied')).toBeVisible();
});

test('the productivity pages have no serious accessibility violation', async ({ page }) => {
  await login(page, 'Admin');
  await page.goto('/production/productivity-tracker');
  await expect(page.getByRole('table', { name: 'By period' })).toBeVisible();
  await page
    .getByRole('table', { name: 'By factory' })
    .getByRole('button', { name: /Mombasa Assembly/ })
    .click();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/production/productivity-settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Productivity Settings' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading targets' })).toHaveCount(0);
  await page.getByRole('button', { name: 'New target' }).click();
  await expect(page.getByRole('dialog', { name: 'New target' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the productivity pages fit a phone', async ({ page }) => {
  await login(page, 'Admin');
  const msa = await factoryByCode(page, 'MSA');
  const day = unusedDay(2020);
  await dailyReport(page, msa.id, day, 6, 8);
  await page.setViewportSize({ width: 375, height: 740 });
  for (const path of [
    '/production/submit-report',
    '/production/productivity-tracker',
    '/production/productivity-settings',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('[data-slot="skeleton"]')).toHaveCount(0);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
  await page.goto('/production/submit-report');
  await page.getByRole('form').getByLabel('Factory').selectOption(msa.id);
  await page.getByLabel('Date').fill(day);
  await expect(page.getByLabel('Couplers present')).toHaveValue('6');
  const save = page.getByRole('button', { name: 'Save changes' });
  await save.scrollIntoViewIfNeeded();
  await expect(save).toBeInViewport();
  expect(await seriousViolations(page)).toEqual([]);
});
