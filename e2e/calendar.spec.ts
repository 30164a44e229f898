/**
 * Calendar (/calendar): an admin creates an event by clicking an empty day in the month view, sees
 * it in the week and list views, edits it, moves it (from the keyboard through its details, and by
 * dragging it in the month), and deletes it after confirming; view, date and filters stay in the
 * URL through a reload; a factory-scoped user does not see another factory's event; accessibility
 * of each view.
 */
import { expect, test, type Page } from '@playwright/test';
import { login, seriousViolations, signedIn } from './support';
import { factoryByCode, uniquePrefix } from './stove-transfers.support';

/** A month far from the demo's events (they are around today). */
const MONTH = '2030-06';

/** An event made through the API of a signed-in page. */
async function createEvent(page: Page, data: Record<string, unknown>): Promise<{ id: string }> {
  const response = await page.request.post('/api/calendar/events', { data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string };
}

const dayCell = (page: Page, day: string) => page.locator(`td[data-day="${day}"]`);

test('an admin creates, sees, edits, moves and deletes an event', async ({ page }) => {
  test.setTimeout(180_000);
  const title = `${uniquePrefix()} planning meeting`;
  await login(page, 'Admin');
  await page.goto(`/calendar?view=month&date=${MONTH}-12`);
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'June 2030' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'June 2030' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Create: a click on the empty part of a day opens the form on that day.
  await dayCell(page, `${MONTH}-12`).click({ position: { x: 40, y: 80 } });
  const form = page.getByRole('dialog', { name: 'New event' });
  await expect(form.getByLabel('Start date')).toHaveValue(`${MONTH}-12`);
  await form.getByRole('button', { name: 'Create event' }).click();
  await expect(form.getByText('Title is required')).toBeVisible();
  await expect(form.getByText('Choose a category')).toBeVisible();
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Start time').fill('10:00');
  await form.getByLabel('End time').fill('09:00');
  await form.getByLabel('Category').selectOption({ label: 'Meeting' });
  await form.getByRole('button', { name: 'Create event' }).click();
  await expect(form.getByText('The end cannot be before the start')).toBeVisible();
  await form.getByLabel('End time').fill('11:30');
  await form.getByLabel('Factory').selectOption({ label: 'NBO — Nairobi Central Plant' });
  await form.getByLabel('Description').fill('Plan the second half of the year.');
  await form.getByRole('button', { name: 'Create event' }).click();
  await expect(page.getByText(`${title} added to the calendar`)).toBeVisible();
  await expect(form).toBeHidden();
  const chip = dayCell(page, `${MONTH}-12`).getByRole('button', { name: new RegExp(title) });
  await expect(chip).toContainText('10:00');

  // The week and list views show it too.
  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Week' }).click();
  await expect(page).toHaveURL(/view=week/);
  const wednesday = page.getByRole('region', { name: 'Wednesday 12 June 2030' });
  await expect(wednesday).toContainText(title);
  await expect(wednesday).toContainText('10:00 – 11:30');
  await expect(wednesday).toContainText('Meeting');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'List' }).click();
  await expect(page).toHaveURL(/view=list/);
  const list = page.getByRole('list', { name: /^Events, / });
  await expect(list.getByRole('heading', { name: 'Wednesday 12 June 2030' })).toBeVisible();
  await expect(list).toContainText(title);
  // The creation toast gone first: axe once measured its title's contrast mid-fade.
  await expect(page.getByText(`${title} added to the calendar`)).toBeHidden();
  expect(await seriousViolations(page)).toEqual([]);

  // Edit through the details.
  await list.getByRole('button', { name: new RegExp(title) }).click();
  let details = page.getByRole('dialog', { name: title });
  await expect(details).toContainText('NBO — Nairobi Central Plant');
  await expect(details).toContainText('Plan the second half of the year.');
  expect(await seriousViolations(page)).toEqual([]);
  await details.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit event' });
  await expect(edit.getByLabel('Title')).toHaveValue(title);
  const renamed = `${title} (board)`;
  await edit.getByLabel('Title').fill(renamed);
  await edit.getByLabel('Category').selectOption({ label: 'Production' });
  await edit.getByRole('button', { name: 'Save event' }).click();
  await expect(page.getByText(`${renamed} saved`)).toBeVisible();
  await expect(list).toContainText(renamed);
  await expect(list).toContainText('Production');

  // Move from the keyboard: Move in the details, a new date and time; the length stays.
  await list.getByRole('button', { name: new RegExp(renamed.replace(/[()]/g, '\\$&')) }).focus();
  await page.keyboard.press('Enter');
  details = page.getByRole('dialog', { name: renamed });
  await details.getByRole('button', { name: 'Move' }).click();
  const move = page.getByRole('dialog', { name: 'Move event' });
  await move.getByLabel('New date').fill(`${MONTH}-14`);
  await move.getByLabel('New start time').fill('14:00');
  await move.getByRole('button', { name: 'Move event' }).click();
  await expect(page.getByText(`${renamed} moved to Friday 14 June 2030, 14:00 – 15:30`)).toBeVisible();
  await expect(list.getByRole('heading', { name: 'Friday 14 June 2030' })).toBeVisible();
  await expect(list.getByRole('heading', { name: 'Wednesday 12 June 2030' })).toHaveCount(0);

  // Drag it in the month view to another day: same time, new day.
  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Month' }).click();
  const moved = dayCell(page, `${MONTH}-14`).getByRole('button', { name: new RegExp(title) });
  await expect(moved).toContainText('14:00');
  await moved.dragTo(dayCell(page, `${MONTH}-18`));
  await expect(page.getByText(`${renamed} moved to Tuesday 18 June 2030, 14:00 – 15:30`)).toBeVisible();
  await expect(dayCell(page, `${MONTH}-18`).getByRole('button', { name: new RegExp(title) })).toBeVisible();
  await expect(dayCell(page, `${MONTH}-14`).getByRole('button', { name: new RegExp(title) })).toHaveCount(0);

  // Delete, after confirming.
  await dayCell(page, `${MONTH}-18`)
    .getByRole('button', { name: new RegExp(title) })
    .click();
  await page.getByRole('dialog', { name: renamed }).getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this event?' });
  await expect(confirm).toContainText(renamed);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(dayCell(page, `${MONTH}-18`).getByRole('button', { name: new RegExp(title) })).toBeVisible();
  await dayCell(page, `${MONTH}-18`)
    .getByRole('button', { name: new RegExp(title) })
    .click();
  await page.getByRole('dialog', { name: renamed }).getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete this event?' })
    .getByRole('button', { name: 'Delete event' })
    .click();
  await expect(page.getByText(`${renamed} deleted`)).toBeVisible();
  await expect(dayCell(page, `${MONTH}-18`).getByRole('button', { name: new RegExp(title) })).toHaveCount(0);
});

test('the view, date and filters stay in the URL through a reload, and "+N more" lists a busy day', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const prefix = uniquePrefix();
  await login(page, 'Admin');
  const nbo = await factoryByCode(page, 'NBO');
  const msa = await factoryByCode(page, 'MSA');
  const day = `${MONTH}-20`;
  const at = (hour: number) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00Z`).toISOString();
  for (const [i, factoryId, category] of [
    [1, nbo.id, 'delivery'],
    [2, nbo.id, 'meeting'],
    [3, msa.id, 'delivery'],
    [4, null, 'holiday'],
  ] as const) {
    await createEvent(page, {
      title: `${prefix} event ${i}`,
      category,
      factoryId,
      startsAt: at(6 + i),
      endsAt: at(7 + i),
    });
  }

  await page.goto(`/calendar?view=month&date=${day}`);
  const cell = dayCell(page, day);
  await expect(cell.getByRole('button', { name: new RegExp(prefix) })).toHaveCount(2);
  await cell.getByRole('button', { name: /^\+2 more/ }).click();
  const busy = page.getByRole('dialog', { name: 'Thursday 20 June 2030' });
  await expect(busy.getByRole('listitem')).toHaveCount(4);
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');

  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'List' }).click();
  await page.getByLabel('Category').selectOption({ label: 'Delivery' });
  await page.getByLabel('Factory', { exact: true }).selectOption({ label: 'NBO — Nairobi Central Plant' });
  await expect(page).toHaveURL(new RegExp(`view=list&date=${day}&category=delivery&factory=${nbo.id}`));
  const list = page.getByRole('list', { name: /^Events, / });
  await expect(list.getByRole('button')).toHaveCount(1);
  await expect(list).toContainText(`${prefix} event 1`);

  await page.reload();
  await expect(page.getByLabel('Category')).toHaveValue('delivery');
  await expect(page.getByLabel('Factory', { exact: true })).toHaveValue(nbo.id);
  await expect(page.getByRole('button', { name: 'List', pressed: true })).toBeVisible();
  await expect(list.getByRole('button')).toHaveCount(1);
  await expect(list).toContainText(`${prefix} event 1`);

  // The factory filter keeps the company-wide events.
  await page.getByLabel('Category').selectOption({ label: 'All categories' });
  await expect(list.getByRole('button')).toHaveCount(3);
  await expect(list).toContainText(`${prefix} event 4`);
  await expect(list).not.toContainText(`${prefix} event 3`);

  // Previous and next periods, and back to today.
  await page.getByRole('button', { name: 'Next 30 days' }).click();
  await expect(page).toHaveURL(/date=2030-07-20/);
  await page.getByRole('button', { name: 'Today' }).click();
  await expect(page).not.toHaveURL(/date=2030/);
});

test('a factory-scoped user sees company-wide events and their own factory’s, not another’s', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const prefix = uniquePrefix();
  await login(page, 'Admin');
  const msa = await factoryByCode(page, 'MSA');
  const ksm = await factoryByCode(page, 'KSM');
  const day = `${MONTH}-25`;
  const event = (title: string, factoryId: string | null) =>
    createEvent(page, {
      title: `${prefix} ${title}`,
      category: 'production',
      allDay: true,
      startsAt: `${day}T00:00:00Z`,
      endsAt: `${day}T00:00:00Z`,
      factoryId,
    });
  await event('at Mombasa', msa.id);
  await event('at Kisumu', ksm.id);
  await event('everywhere', null);

  const manager = await signedIn(browser, 'Factory Manager');
  await manager.goto(`/calendar?view=month&date=${day}`);
  const cell = dayCell(manager, day);
  await expect(cell.getByRole('button', { name: new RegExp(`${prefix} at Mombasa`) })).toBeVisible();
  await expect(cell.getByRole('button', { name: new RegExp(`${prefix} everywhere`) })).toBeVisible();
  await expect(cell.getByRole('button', { name: new RegExp(`${prefix} at Kisumu`) })).toHaveCount(0);
  await expect(manager.getByLabel('Factory', { exact: true })).toHaveCount(0);

  // The company-wide event is read-only for them; their factory's is theirs to change.
  await cell.getByRole('button', { name: new RegExp(`${prefix} everywhere`) }).click();
  const details = manager.getByRole('dialog', { name: `${prefix} everywhere` });
  await expect(details).toContainText('Company-wide');
  await expect(details.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await manager.keyboard.press('Escape');
  await cell.getByRole('button', { name: new RegExp(`${prefix} at Mombasa`) }).click();
  await expect(
    manager.getByRole('dialog', { name: `${prefix} at Mombasa` }).getByRole('button', { name: 'Edit' }),
  ).toBeVisible();
  await manager.keyboard.press('Escape');

  // A new event is theirs: the factory is fixed.
  await manager.getByRole('button', { name: 'New event', exact: true }).click();
  const form = manager.getByRole('dialog', { name: 'New event' });
  await expect(form.getByLabel('Factory')).toBeDisabled();
  await expect(form.getByLabel('Factory')).toHaveValue(msa.id);
  expect(await seriousViolations(manager)).toEqual([]);
  await manager.context().close();
});
