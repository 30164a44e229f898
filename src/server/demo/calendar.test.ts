import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, utcToday } from '../../common/calendar-days';
import { CALENDAR_CATEGORIES, type CalendarEventList } from '../../common/contracts/calendar';
import { seedDemoCalendar } from './calendar';
import { createTestContext, type TestContext } from '../test/test-app';

describe('demo calendar', () => {
  let ctx: TestContext;
  let cookie: string;
  let adminId: string;
  const ids = new Map<string, string>();
  beforeAll(async () => {
    ctx = await createTestContext();
    for (const code of ['NBO', 'MSA', 'KSM']) ids.set(code, (await ctx.makeFactory({ code, name: `Demo ${code}` })).id);
    const admin = await ctx.signedInAs(['Admin']);
    cookie = admin.cookie;
    adminId = admin.id;
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('needs its demo admin', async () => {
    await expect(seedDemoCalendar(ctx.handle.db, ids, undefined)).rejects.toThrow(/demo admin is missing/);
  });

  it('seeds events around today in every category, company-wide and at each factory, once', async () => {
    const created = await seedDemoCalendar(ctx.handle.db, ids, adminId);
    expect(created).toBeGreaterThanOrEqual(30);
    expect(await seedDemoCalendar(ctx.handle.db, ids, adminId)).toBe(0);

    const today = utcToday(new Date());
    const from = `${addDays(today, -20)}T00:00:00Z`;
    const to = `${addDays(today, 50)}T00:00:00Z`;
    const res = await ctx.request({ method: 'GET', url: `/api/calendar/events?from=${from}&to=${to}`, cookie });
    const events = res.json<CalendarEventList>().items;
    expect(events).toHaveLength(created);
    expect(new Set(events.map((e) => e.category))).toEqual(new Set(CALENDAR_CATEGORIES));
    expect(new Set(events.map((e) => e.factory?.code ?? 'company'))).toEqual(new Set(['company', 'NBO', 'MSA', 'KSM']));
    const now = Date.now();
    expect(events.filter((e) => Date.parse(e.endsAt) < now).length).toBeGreaterThan(5);
    expect(events.filter((e) => Date.parse(e.startsAt) > now + 28 * 86_400_000).length).toBeGreaterThan(3);
    expect(events.some((e) => e.allDay)).toBe(true);
  });
});
