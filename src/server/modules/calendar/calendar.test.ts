/**
 * Calendar API: events overlapping a window (edges, filters, range limit), one event, create (all-day
 * normalisation, defaults, validation), edit, move (keeps the duration), delete (audited), upcoming;
 * factory scope (company-wide + own factory; changes only to the own factory's); live events.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarEvent, CalendarEventList } from '../../../common/contracts/calendar';
import { calendarEvents } from '../../db/schema/communication';
import { startLiveHub } from '../../live/live-hub';
import type { HubEvent } from '../../live/publish-live';
import { auditRows, countRows } from '../../test/db-assert';
import { groupsWith, groupsWithout } from '../../test/groups';
import { createTestContext, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let adminCookie: string;
/** Two factories; a Factory Manager of the first (scoped), one without a factory. */
let nbo: { id: string; code: string };
let msa: { id: string; code: string };
let managerCookie: string;
let homelessCookie: string;

beforeAll(async () => {
  ctx = await createTestContext();
  adminCookie = (await ctx.signedInAs(['Admin'])).cookie;
  nbo = await ctx.makeFactory();
  msa = await ctx.makeFactory();
  managerCookie = (await ctx.signedInAs(['Factory Manager'], { factoryId: nbo.id })).cookie;
  homelessCookie = (await ctx.signedInAs(['Factory Manager'], { factoryId: null })).cookie;
});
afterAll(async () => {
  await ctx.close();
});

interface ErrorBody {
  error: { code: string; message: string; details?: { fieldErrors?: Record<string, string[]> } };
}

const post = (url: string, payload: Record<string, unknown>, cookie = adminCookie) =>
  ctx.request({ method: 'POST', url, payload, cookie });
const get = (url: string, cookie = adminCookie) => ctx.request({ method: 'GET', url, cookie });
const patch = (id: string, payload: Record<string, unknown>, cookie = adminCookie) =>
  ctx.request({ method: 'PATCH', url: `/api/calendar/events/${id}`, payload, cookie });
const del = (id: string, cookie = adminCookie) =>
  ctx.request({ method: 'DELETE', url: `/api/calendar/events/${id}`, cookie });

/** A timed meeting from `startsAt` lasting `hours`. */
const timed = (startsAt: string, hours = 1, extra: Record<string, unknown> = {}) => ({
  title: 'Meeting',
  category: 'meeting',
  startsAt,
  endsAt: new Date(Date.parse(startsAt) + hours * 3_600_000).toISOString(),
  ...extra,
});

async function create(payload: Record<string, unknown>, cookie = adminCookie): Promise<CalendarEvent> {
  const res = await post('/api/calendar/events', payload, cookie);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CalendarEvent>();
}

async function list(query: Record<string, string>, cookie = adminCookie): Promise<CalendarEventList> {
  const res = await get(`/api/calendar/events?${new URLSearchParams(query).toString()}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CalendarEventList>();
}

const countEvents = () => countRows(ctx.handle.db, calendarEvents);

describe('permissions', () => {
  it('calendar-management is every group but Stove Coupler', () => {
    expect(groupsWithout('calendar-management')).toEqual(['Stove Coupler']);
    expect(groupsWith('calendar-management')).toContain('Sales Officer');
  });

  it('403 for a Stove Coupler on every endpoint, and nothing is created', async () => {
    const { cookie } = await ctx.signedInAs(['Stove Coupler'], { factoryId: nbo.id });
    const before = await countEvents();
    const id = '00000000-0000-4000-8000-000000000000';
    const probes = [
      get('/api/calendar/events?from=2031-01-01T00:00:00Z&to=2031-02-01T00:00:00Z', cookie),
      get('/api/calendar/upcoming', cookie),
      get(`/api/calendar/events/${id}`, cookie),
      post('/api/calendar/events', timed('2031-01-05T09:00:00Z', 1, { factoryId: nbo.id }), cookie),
      patch(id, { title: 'x' }, cookie),
      post(`/api/calendar/events/${id}/move`, { startsAt: '2031-01-06T09:00:00Z' }, cookie),
      del(id, cookie),
    ];
    for (const res of await Promise.all(probes)) {
      expect(res.statusCode).toBe(403);
      expect(res.json<ErrorBody>().error.code).toBe('FORBIDDEN');
    }
    expect(await countEvents()).toBe(before);
  });

  it('401 signed out', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/calendar/upcoming' });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/calendar/events', () => {
  it('creates a timed event for a factory: 201, stamps and an audit row', async () => {
    const res = await post('/api/calendar/events', {
      title: '  Line maintenance ',
      description: ' Stop line 2 ',
      category: 'production',
      startsAt: '2031-03-10T09:30:00+03:00',
      endsAt: '2031-03-10T12:00:00+03:00',
      factoryId: nbo.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    const event = res.json<CalendarEvent>();
    expect(event).toMatchObject({
      title: 'Line maintenance',
      description: 'Stop line 2',
      category: 'production',
      allDay: false,
      startsAt: '2031-03-10T06:30:00.000Z',
      endsAt: '2031-03-10T09:00:00.000Z',
      factory: { id: nbo.id, code: nbo.code },
      createdBy: { email: expect.any(String) as string },
    });
    const audit = await auditRows(ctx.handle.db, 'create', event.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ recordType: 'calendar_event', after: event });
  });

  it('normalises an all-day event to whole UTC days, at least one', async () => {
    const span = await create({
      title: 'Stock take',
      category: 'production',
      allDay: true,
      startsAt: '2031-03-02T09:00:00Z',
      endsAt: '2031-03-03T17:00:00Z',
    });
    expect(span).toMatchObject({
      allDay: true,
      startsAt: '2031-03-02T00:00:00.000Z',
      endsAt: '2031-03-04T00:00:00.000Z',
    });

    const oneDay = await create({
      title: 'Public holiday',
      category: 'holiday',
      allDay: true,
      startsAt: '2031-03-05T00:00:00Z',
      endsAt: '2031-03-05T00:00:00Z',
    });
    expect(oneDay).toMatchObject({ startsAt: '2031-03-05T00:00:00.000Z', endsAt: '2031-03-06T00:00:00.000Z' });

    const exact = await create({
      title: 'Two days',
      category: 'other',
      allDay: true,
      startsAt: '2031-03-07T00:00:00Z',
      endsAt: '2031-03-09T00:00:00Z',
    });
    expect(exact).toMatchObject({ startsAt: '2031-03-07T00:00:00.000Z', endsAt: '2031-03-09T00:00:00.000Z' });
  });

  it('makes a global user’s event without a factory company-wide, and a scoped user’s their own factory’s', async () => {
    const global = await create(timed('2031-03-11T09:00:00Z'));
    expect(global.factory).toBeNull();
    const scoped = await create(timed('2031-03-11T10:00:00Z'), managerCookie);
    expect(scoped.factory?.id).toBe(nbo.id);
    const named = await create(timed('2031-03-11T11:00:00Z', 1, { factoryId: nbo.id }), managerCookie);
    expect(named.factory?.id).toBe(nbo.id);
  });

  it('403 when a scoped user names another factory, company-wide, or has no factory; nothing is created', async () => {
    const before = await countEvents();
    for (const [payload, cookie] of [
      [timed('2031-03-12T09:00:00Z', 1, { factoryId: msa.id }), managerCookie],
      [timed('2031-03-12T09:00:00Z', 1, { factoryId: null }), managerCookie],
      [timed('2031-03-12T09:00:00Z'), homelessCookie],
    ] as const) {
      const res = await post('/api/calendar/events', payload, cookie);
      expect(res.statusCode, res.body).toBe(403);
    }
    expect(await countEvents()).toBe(before);
  });

  it.each([
    ['a blank title', { title: '   ' }, 'title'],
    ['no title', { title: undefined }, 'title'],
    ['a title of 201 characters', { title: 'x'.repeat(201) }, 'title'],
    ['an unknown category', { category: 'party' }, 'category'],
    ['no start', { startsAt: undefined }, 'startsAt'],
    ['a start that is not an instant', { startsAt: '2031-03-13' }, 'startsAt'],
    ['an end before the start', { endsAt: '2031-03-13T08:59:59Z' }, 'endsAt'],
    ['a factory id that is not a uuid', { factoryId: 'nbo' }, 'factoryId'],
    ['an unknown factory', { factoryId: '00000000-0000-4000-8000-000000000009' }, 'factoryId'],
  ] as [string, Record<string, unknown>, string][])(
    '400 for %s (fieldErrors.%s), nothing created',
    async (_l, o, field) => {
      const before = await countEvents();
      const res = await post('/api/calendar/events', { ...timed('2031-03-13T09:00:00Z'), ...o });
      expect(res.statusCode, res.body).toBe(400);
      const error = res.json<ErrorBody>().error;
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.details?.fieldErrors?.[field]?.[0]).toMatch(/\S/);
      expect(await countEvents()).toBe(before);
    },
  );

  it('400 for a deactivated factory', async () => {
    const closed = await ctx.makeFactory();
    const off = await post(`/api/factories/${closed.id}/deactivate`, {});
    expect(off.statusCode).toBe(200);
    const res = await post('/api/calendar/events', timed('2031-03-13T09:00:00Z', 1, { factoryId: closed.id }));
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.details?.fieldErrors?.factoryId?.[0]).toContain('deactivated');
  });
});

describe('GET /api/calendar/events', () => {
  // A window of its own: 2032-05-10 .. 2032-05-11 (UTC).
  const from = '2032-05-10T00:00:00.000Z';
  const to = '2032-05-11T00:00:00.000Z';
  const made: Record<string, CalendarEvent> = {};
  beforeAll(async () => {
    const specs: [string, string, string, Record<string, unknown>?][] = [
      ['endsAtFrom', '2032-05-09T22:00:00Z', '2032-05-10T00:00:00Z'],
      ['startsAtTo', '2032-05-11T00:00:00Z', '2032-05-11T01:00:00Z'],
      ['startsAtFrom', '2032-05-10T00:00:00Z', '2032-05-10T00:30:00Z'],
      ['instantAtFrom', '2032-05-10T00:00:00Z', '2032-05-10T00:00:00Z'],
      ['spanning', '2032-05-01T00:00:00Z', '2032-05-20T00:00:00Z', { category: 'production' }],
      ['crossingFrom', '2032-05-09T23:00:00Z', '2032-05-10T01:00:00Z'],
      ['crossingTo', '2032-05-10T23:00:00Z', '2032-05-11T02:00:00Z', { factoryId: msa.id }],
      ['nbo', '2032-05-10T12:00:00Z', '2032-05-10T13:00:00Z', { factoryId: nbo.id, category: 'delivery' }],
      ['allDay', '2032-05-10T00:00:00Z', '2032-05-10T00:00:00Z', { allDay: true, category: 'holiday' }],
    ];
    for (const [name, startsAt, endsAt, extra] of specs) {
      made[name] = await create({ title: name, category: 'meeting', startsAt, endsAt, ...extra });
    }
  });
  const titles = (l: CalendarEventList) => l.items.map((e) => e.title);

  it('answers the events overlapping [from, to), by start, then end', async () => {
    const result = await list({ from, to });
    expect(titles(result)).toEqual([
      'spanning',
      'crossingFrom',
      'instantAtFrom',
      'startsAtFrom',
      'allDay',
      'nbo',
      'crossingTo',
    ]);
    expect(result.truncated).toBe(false);
    expect(result.items.find((e) => e.title === 'allDay')).toMatchObject({
      startsAt: '2032-05-10T00:00:00.000Z',
      endsAt: '2032-05-11T00:00:00.000Z',
    });
  });

  it('filters by category, and by factory (with the company-wide events)', async () => {
    expect(titles(await list({ from, to, category: 'production' }))).toEqual(['spanning']);
    expect(titles(await list({ from, to, factoryId: nbo.id }))).toEqual([
      'spanning',
      'crossingFrom',
      'instantAtFrom',
      'startsAtFrom',
      'allDay',
      'nbo',
    ]);
    expect(titles(await list({ from, to, factoryId: msa.id, category: 'meeting' }))).toEqual([
      'crossingFrom',
      'instantAtFrom',
      'startsAtFrom',
      'crossingTo',
    ]);
  });

  it('gives a factory-scoped user the company-wide events and their own, whatever they ask', async () => {
    const expected = ['spanning', 'crossingFrom', 'instantAtFrom', 'startsAtFrom', 'allDay', 'nbo'];
    expect(titles(await list({ from, to }, managerCookie))).toEqual(expected);
    expect(titles(await list({ from, to, factoryId: msa.id }, managerCookie))).toEqual(expected);
    expect(titles(await list({ from, to }, homelessCookie))).toEqual(expected.filter((t) => t !== 'nbo'));
  });

  it('accepts a window of 366 days', async () => {
    const result = await list({ from: '2032-01-01T00:00:00Z', to: '2033-01-01T00:00:00Z' });
    expect(result.items.length).toBeGreaterThanOrEqual(9);
  });

  it.each([
    ['no from', { to }, 'from'],
    ['no to', { from }, 'to'],
    ['a day instead of an instant', { from: '2032-05-10', to }, 'from'],
    ['to before from', { from: to, to: from }, 'to'],
    ['to equal to from', { from, to: from }, 'to'],
    ['a window of 367 days', { from: '2032-01-01T00:00:00Z', to: '2033-01-02T00:00:00Z' }, 'to'],
    ['an unknown category', { from, to, category: 'party' }, 'category'],
    ['a factory that is not a uuid', { from, to, factoryId: 'NBO' }, 'factoryId'],
  ] as [string, Record<string, string>, string][])('400 for %s (fieldErrors.%s)', async (_l, query, field) => {
    const res = await get(`/api/calendar/events?${new URLSearchParams(query).toString()}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<ErrorBody>().error.details?.fieldErrors?.[field]?.[0]).toMatch(/\S/);
  });
});

describe('GET /api/calendar/events/:id', () => {
  it('answers one event; 404 for an unknown one; a scoped user sees company-wide and own, not another factory’s', async () => {
    const company = await create(timed('2031-04-01T09:00:00Z'));
    const own = await create(timed('2031-04-01T10:00:00Z', 1, { factoryId: nbo.id }));
    const other = await create(timed('2031-04-01T11:00:00Z', 1, { factoryId: msa.id }));
    const res = await get(`/api/calendar/events/${other.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(other);
    expect((await get(`/api/calendar/events/${company.id}`, managerCookie)).statusCode).toBe(200);
    expect((await get(`/api/calendar/events/${own.id}`, managerCookie)).statusCode).toBe(200);
    expect((await get(`/api/calendar/events/${other.id}`, managerCookie)).statusCode).toBe(404);
    expect((await get('/api/calendar/events/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get('/api/calendar/events/not-an-id')).statusCode).toBe(400);
  });
});

describe('PATCH /api/calendar/events/:id', () => {
  it('changes the fields sent, audits before and after', async () => {
    const event = await create(timed('2031-05-01T09:00:00Z', 2, { factoryId: nbo.id, description: 'Old' }));
    const res = await patch(event.id, { title: 'Renamed', description: '', category: 'delivery', factoryId: msa.id });
    expect(res.statusCode, res.body).toBe(200);
    const changed = res.json<CalendarEvent>();
    expect(changed).toMatchObject({
      title: 'Renamed',
      description: null,
      category: 'delivery',
      factory: { id: msa.id },
      startsAt: event.startsAt,
      endsAt: event.endsAt,
    });
    const [audit] = await auditRows(ctx.handle.db, 'update', event.id);
    expect(audit).toMatchObject({ recordType: 'calendar_event', before: event, after: changed });
  });

  it('normalises when an event becomes all-day, and checks the end against the start after the change', async () => {
    const event = await create(timed('2031-05-02T09:00:00Z', 2));
    const allDay = await patch(event.id, { allDay: true });
    expect(allDay.json()).toMatchObject({ startsAt: '2031-05-02T00:00:00.000Z', endsAt: '2031-05-03T00:00:00.000Z' });

    const late = await patch(event.id, { startsAt: '2031-05-04T00:00:00Z' });
    expect(late.statusCode).toBe(400);
    expect(late.json<ErrorBody>().error.details?.fieldErrors?.endsAt?.[0]).toMatch(/before the start/);
    const both = await patch(event.id, { startsAt: '2031-05-04T10:00:00Z', endsAt: '2031-05-04T09:00:00Z' });
    expect(both.statusCode).toBe(400);
    const [row] = await ctx.handle.db.select().from(calendarEvents).where(eq(calendarEvents.id, event.id));
    expect(row?.startsAt.toISOString()).toBe('2031-05-02T00:00:00.000Z');
  });

  it.each([
    ['nothing', {}],
    ['a blank title', { title: ' ' }],
    ['an unknown category', { category: 'party' }],
  ])('400 for %s', async (_l, payload) => {
    const event = await create(timed('2031-05-03T09:00:00Z'));
    expect((await patch(event.id, payload)).statusCode).toBe(400);
  });

  it('lets a scoped user change their own factory’s events only', async () => {
    const company = await create(timed('2031-05-05T09:00:00Z'));
    const own = await create(timed('2031-05-05T10:00:00Z', 1, { factoryId: nbo.id }));
    const other = await create(timed('2031-05-05T11:00:00Z', 1, { factoryId: msa.id }));
    expect((await patch(own.id, { title: 'Mine' }, managerCookie)).statusCode).toBe(200);
    expect((await patch(company.id, { title: 'Mine' }, managerCookie)).statusCode).toBe(403);
    expect((await patch(other.id, { title: 'Mine' }, managerCookie)).statusCode).toBe(404);
    expect((await patch(own.id, { factoryId: msa.id }, managerCookie)).statusCode).toBe(403);
    expect((await patch(own.id, { factoryId: null }, managerCookie)).statusCode).toBe(403);
    expect((await get(`/api/calendar/events/${company.id}`)).json()).toMatchObject({ title: 'Meeting' });
    expect((await auditRows(ctx.handle.db, 'update', company.id)).length).toBe(0);
  });

  it('404 for an unknown event', async () => {
    expect((await patch('00000000-0000-4000-8000-000000000000', { title: 'x' })).statusCode).toBe(404);
  });
});

describe('POST /api/calendar/events/:id/move', () => {
  const move = (id: string, startsAt: string, cookie = adminCookie) =>
    post(`/api/calendar/events/${id}/move`, { startsAt }, cookie);

  it('moves a timed event and keeps its duration; audited as a move', async () => {
    const event = await create(timed('2031-06-01T09:00:00Z', 3));
    const res = await move(event.id, '2031-06-03T14:15:00+02:00');
    expect(res.statusCode, res.body).toBe(200);
    const moved = res.json<CalendarEvent>();
    expect(moved).toMatchObject({ startsAt: '2031-06-03T12:15:00.000Z', endsAt: '2031-06-03T15:15:00.000Z' });
    const [audit] = await auditRows(ctx.handle.db, 'move', event.id);
    expect(audit).toMatchObject({ before: event, after: moved });
  });

  it('moves an all-day event to the start’s UTC day and keeps its days', async () => {
    const event = await create({
      title: 'Trade fair',
      category: 'other',
      allDay: true,
      startsAt: '2031-06-10T00:00:00Z',
      endsAt: '2031-06-13T00:00:00Z',
    });
    const moved = (await move(event.id, '2031-06-20T15:00:00Z')).json<CalendarEvent>();
    expect(moved).toMatchObject({ startsAt: '2031-06-20T00:00:00.000Z', endsAt: '2031-06-23T00:00:00.000Z' });
  });

  it('400 without a valid start; 404 unknown; scoped users move only their own factory’s', async () => {
    const company = await create(timed('2031-06-05T09:00:00Z'));
    const own = await create(timed('2031-06-05T10:00:00Z', 1, { factoryId: nbo.id }));
    const other = await create(timed('2031-06-05T11:00:00Z', 1, { factoryId: msa.id }));
    expect((await post(`/api/calendar/events/${own.id}/move`, {})).statusCode).toBe(400);
    expect((await move(own.id, 'tomorrow')).statusCode).toBe(400);
    expect((await move('00000000-0000-4000-8000-000000000000', '2031-06-06T09:00:00Z')).statusCode).toBe(404);
    expect((await move(own.id, '2031-06-06T10:00:00Z', managerCookie)).statusCode).toBe(200);
    expect((await move(company.id, '2031-06-06T10:00:00Z', managerCookie)).statusCode).toBe(403);
    expect((await move(other.id, '2031-06-06T10:00:00Z', managerCookie)).statusCode).toBe(404);
  });
});

describe('DELETE /api/calendar/events/:id', () => {
  it('deletes an event and audits it first (before = the event); a second delete is 404', async () => {
    const event = await create(timed('2031-07-01T09:00:00Z', 1, { factoryId: nbo.id }));
    const res = await del(event.id);
    expect(res.statusCode).toBe(204);
    expect(await countRows(ctx.handle.db, calendarEvents, eq(calendarEvents.id, event.id))).toBe(0);
    const [audit] = await auditRows(ctx.handle.db, 'delete', event.id);
    expect(audit).toMatchObject({ recordType: 'calendar_event', before: event, after: null });
    expect((await del(event.id)).statusCode).toBe(404);
  });

  it('lets a scoped user delete their own factory’s events only', async () => {
    const company = await create(timed('2031-07-02T09:00:00Z'));
    const own = await create(timed('2031-07-02T10:00:00Z', 1, { factoryId: nbo.id }));
    const other = await create(timed('2031-07-02T11:00:00Z', 1, { factoryId: msa.id }));
    expect((await del(company.id, managerCookie)).statusCode).toBe(403);
    expect((await del(other.id, managerCookie)).statusCode).toBe(404);
    expect((await del(own.id, managerCookie)).statusCode).toBe(204);
    expect((await get(`/api/calendar/events/${company.id}`)).statusCode).toBe(200);
    expect((await get(`/api/calendar/events/${other.id}`)).statusCode).toBe(200);
  });
});

describe('GET /api/calendar/upcoming', () => {
  it('answers the next events not over yet, ongoing first, scoped, up to the limit', async () => {
    // Every other event of this file is in 2031 or later; these are around now.
    const hour = 3_600_000;
    const at = (h: number) => new Date(Date.now() + h * hour).toISOString();
    await create({ title: 'Over', category: 'meeting', startsAt: at(-3), endsAt: at(-2) });
    const ongoing = await create({ title: 'Ongoing', category: 'meeting', startsAt: at(-1), endsAt: at(1) });
    const soon = await create({
      title: 'Soon',
      category: 'delivery',
      startsAt: at(2),
      endsAt: at(3),
      factoryId: nbo.id,
    });
    const other = await create({
      title: 'MSA',
      category: 'delivery',
      startsAt: at(4),
      endsAt: at(5),
      factoryId: msa.id,
    });
    const later = await create({ title: 'Later', category: 'other', startsAt: at(6), endsAt: at(7) });

    const upcoming = async (query: string, cookie = adminCookie) => {
      const res = await get(`/api/calendar/upcoming${query}`, cookie);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ items: CalendarEvent[] }>().items.map((e) => e.id);
    };
    expect(await upcoming('?limit=4')).toEqual([ongoing.id, soon.id, other.id, later.id]);
    expect(await upcoming('?limit=2')).toEqual([ongoing.id, soon.id]);
    expect((await upcoming('')).slice(0, 4)).toEqual([ongoing.id, soon.id, other.id, later.id]);
    expect(await upcoming(`?limit=3&factoryId=${msa.id}`)).toEqual([ongoing.id, other.id, later.id]);
    expect(await upcoming('?limit=3', managerCookie)).toEqual([ongoing.id, soon.id, later.id]);
    expect(await upcoming(`?limit=3&factoryId=${msa.id}`, managerCookie)).toEqual([ongoing.id, soon.id, later.id]);
    for (const bad of ['?limit=0', '?limit=51', '?limit=two', '?factoryId=MSA']) {
      expect((await get(`/api/calendar/upcoming${bad}`)).statusCode).toBe(400);
    }
  });
});

describe('live updates', () => {
  it('tells open pages of every change, with the factories it touches', async () => {
    const hub = await startLiveHub(ctx.handle.db, { warn: () => undefined });
    const heard: HubEvent[] = [];
    const stop = hub.subscribe((event) => heard.push(event));
    try {
      const event = await create(timed('2031-08-01T09:00:00Z', 1, { factoryId: nbo.id }));
      expect((await patch(event.id, { factoryId: msa.id })).statusCode).toBe(200);
      expect(
        (await post(`/api/calendar/events/${event.id}/move`, { startsAt: '2031-08-02T09:00:00Z' })).statusCode,
      ).toBe(200);
      expect((await del(event.id)).statusCode).toBe(204);
      await create(timed('2031-08-03T09:00:00Z'));
      await expect.poll(() => heard.length, { timeout: 5000 }).toBe(5);
      expect(heard).toEqual([
        { kind: 'calendar', factoryIds: [nbo.id] },
        { kind: 'calendar', factoryIds: [nbo.id, msa.id] },
        { kind: 'calendar', factoryIds: [msa.id] },
        { kind: 'calendar', factoryIds: [msa.id] },
        { kind: 'calendar', factoryIds: [] },
      ]);
    } finally {
      stop();
      await hub.close();
    }
  });
});
