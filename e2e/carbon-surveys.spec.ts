/**
 * Carbon Programme: Surveys (issue 26). On the demo data a programme manager draws a 90/10 sample
 * of the stoves handed over from last year to two days ago (the demo's direct sales registered their buyers), the
 * draw opens with its stoves; a result is recorded for one stove; the drop-off table counts it as
 * surveyed and in use; the result form keeps its draft over a reload. The same seed redrawn through the API gives the same stoves. Axe on the
 * page, the result dialog and the open draw; the open draw fits a phone's width.
 */
import { expect, test } from '@playwright/test';
import { addDays } from '../src/common/calendar-days';
import { demoToday } from '../src/server/demo/accounts';
import type { SurveyDrawDetail } from '../src/common/contracts/carbon-surveys';
import { seriousViolations, signedIn } from './support';

test('draw a 90/10 sample on the demo data, record a result, read the drop-off', async ({ browser }) => {
  const admin = await signedIn(browser, 'Admin');
  await admin.goto('/carbon/surveys');
  await expect(admin.getByRole('heading', { name: 'Carbon Programme: Surveys' })).toBeVisible();
  await expect(
    admin.getByText('Only stoves with a registered end user that were not returned can be sampled.'),
  ).toBeVisible();

  // Up to two days ago: stoves other specs sell and register today do not change the population
  // between the draw and its redraw below.
  await admin.getByLabel('Handed over to').fill(addDays(demoToday(), -2));
  // The choices are kept as a draft over a reload.
  await admin.reload();
  await expect(admin.getByText(/Restored your draft/)).toBeVisible();
  await expect(admin.getByLabel('Handed over to')).toHaveValue(addDays(demoToday(), -2));
  const cohorts = admin.getByRole('table', { name: 'Cohorts of the period' });
  await expect(cohorts.getByRole('row')).not.toHaveCount(1);
  await expect(admin.getByLabel('Confidence')).toHaveValue('90');
  await expect(admin.getByLabel('Precision')).toHaveValue('10');
  expect(await seriousViolations(admin)).toEqual([]);

  const drawn = admin.waitForResponse(
    (r) => r.url().endsWith('/api/carbon/surveys/draws') && r.request().method() === 'POST',
  );
  await admin.getByRole('button', { name: 'Draw sample' }).click();
  const draw = (await (await drawn).json()) as SurveyDrawDetail;
  expect(draw.confidence).toBe(90);
  expect(draw.precision).toBe(10);
  for (const c of draw.cohorts) expect(c.sampleSize).toBeLessThanOrEqual(Math.min(68, c.population));
  await expect(admin).toHaveURL(new RegExp(`draw=${draw.id}`));
  await expect(admin.getByRole('heading', { name: draw.label })).toBeVisible();
  await expect(
    admin.getByRole('table', { name: 'Draws' }).getByRole('row', { name: new RegExp(draw.label) }),
  ).toBeVisible();

  // Record a result for the first stove drawn.
  const first = draw.members[0];
  if (!first) throw new Error('the draw has no stoves');
  await admin.getByRole('button', { name: `Record result of ${first.code}` }).click();
  const dialog = admin.getByRole('dialog', { name: `Survey result: ${first.code}` });
  await dialog.getByLabel('Visit or call').selectOption('call');
  await dialog.getByLabel('End user reached').selectOption('yes');
  await dialog.getByLabel('Stove in use').selectOption('yes');
  await dialog.getByLabel('In working order').selectOption('yes');
  await dialog.getByLabel('Main fuel before the stove').selectOption('firewood');
  await dialog.getByLabel('Main fuel now').selectOption('firewood');
  await dialog.getByLabel('Note').fill('Cooks lunch on it daily');
  expect(await seriousViolations(admin)).toEqual([]);
  // A reload reopens the form with what was typed.
  await admin.reload();
  await expect(dialog.getByText(/Restored your draft/)).toBeVisible();
  await expect(dialog.getByLabel('Note')).toHaveValue('Cooks lunch on it daily');
  await expect(dialog.getByLabel('Stove in use')).toHaveValue('yes');
  await dialog.getByRole('button', { name: 'Save result' }).click();
  await expect(dialog).toBeHidden();

  const stoves = admin.getByRole('table', { name: 'Sampled stoves' });
  await expect(stoves.getByRole('row', { name: new RegExp(first.code) })).toContainText('In use');

  const dropOff = admin.getByRole('table', { name: 'Drop-off' });
  const row = dropOff.getByRole('row', { name: new RegExp(`^${first.cohort}\\b`) });
  const cohort = draw.cohorts.find((c) => c.year === first.cohort);
  // Cohort, stoves in the field, sampled, surveyed 1, in use 1, 100 % in use.
  await expect(row.getByRole('cell').nth(3)).toHaveText('1');
  await expect(row.getByRole('cell').nth(4)).toHaveText('1');
  await expect(row.getByRole('cell').nth(5)).toContainText('100.0 %');
  await expect(row.getByRole('cell').nth(6)).toContainText((cohort?.population ?? 0).toLocaleString('en-US'));

  expect(await seriousViolations(admin)).toEqual([]);

  // At a phone's width the open draw fits: its tables scroll inside themselves, the page does not.
  const phone = await signedIn(browser, 'Admin', { phone: true });
  await phone.goto(`/carbon/surveys?draw=${draw.id}`);
  await expect(phone.getByRole('table', { name: 'Drop-off' })).toBeVisible();
  const overflow = await phone.evaluate(() => {
    const screen = Math.min(window.innerWidth, document.documentElement.clientWidth);
    return Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - screen;
  });
  expect(overflow).toBeLessThanOrEqual(0);
  await phone.context().close();

  // The recorded seed draws the same stoves again, as a new draw.
  const again = await admin.request.post('/api/carbon/surveys/draws', {
    data: { from: draw.from, to: draw.to, years: draw.cohorts.map((c) => c.year), seed: draw.seed },
  });
  expect(again.status()).toBe(201);
  const redrawn = (await again.json()) as SurveyDrawDetail;
  expect(redrawn.id).not.toBe(draw.id);
  expect(redrawn.members.map((m) => m.code)).toEqual(draw.members.map((m) => m.code));

  const csv = await admin.request.get(`/api/carbon/surveys/draws/${draw.id}/drop-off.csv`);
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain('Cohort,Population,Sampled,Surveyed,In use');
  await admin.context().close();
});
