/**
 * Text that cannot be stored (a NUL character, a lone surrogate) is refused where it enters, with
 * a 400 naming the field and nothing written; days that do not exist are refused by the shared day
 * and instant rules; an export refused by its filters answers an error, not a cut CSV (issue 21).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client';
import { createTestContext, type TestContext } from '../test/test-app';
import { unstorableTexts } from './input-guard';

const NUL = 'Remove the invisible control character (NUL) from this text';
const BROKEN = 'This text has a broken character (half of a pair); type it again';

describe('unstorableTexts', () => {
  it('names each bad text by its path, keys included, and nothing else', () => {
    expect(
      unstorableTexts({
        name: 'Jiko\u0000',
        ok: 'Jiko 😀',
        lines: [{ note: 'fine' }, { note: 'half \ud83d' }],
        ['key\u0000']: 'x',
        low: '\udc00 alone',
      }),
    ).toEqual({ name: [NUL], 'lines.1.note': [BROKEN], 'key\u0000': [NUL], low: [BROKEN] });
    expect(unstorableTexts('\u0000')).toEqual({ _: [NUL] });
    expect(unstorableTexts({ n: 1, b: true, z: null })).toEqual({});
  });
});

describe('input that cannot be stored', () => {
  let ctx: TestContext;
  let cookie: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    cookie = (await ctx.signedInAs(['Admin'])).cookie;
  });
  afterAll(() => ctx.close());

  const partners = async () =>
    (await queryRows<{ n: number }>(ctx.handle.db, sql`select count(*)::int as n from partners`))[0]?.n;
  const post = (url: string, payload: Record<string, unknown>) => ctx.request({ method: 'POST', url, cookie, payload });

  it('refuses a NUL character in a body field with a 400 naming it, writing nothing', async () => {
    const before = await partners();
    const res = await post('/api/partners', { name: 'Mama\u0000 Jiko', type: 'distributor' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'VALIDATION_FAILED', message: `name: ${NUL}`, details: { fieldErrors: { name: [NUL] } } },
    });
    expect(await partners()).toBe(before);
  });

  it('refuses a lone surrogate in a nested field', async () => {
    const res = await post('/api/partners', { name: 'Mama Jiko', type: 'distributor', address: 'Plot \ud800 4' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { details: unknown } }>().error.details).toEqual({ fieldErrors: { address: [BROKEN] } });
  });

  it('refuses NUL in a search, in a list and in an export (a JSON error, not a CSV), and in a path', async () => {
    for (const url of ['/api/partners?q=%00', '/api/partners/export.csv?q=a%00', '/api/stove-ids/%00']) {
      const res = await ctx.request({ method: 'GET', url, cookie });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
    }
  });

  it('refuses days that do not exist or PostgreSQL cannot hold, in filters, exports and bodies', async () => {
    for (const url of [
      '/api/stove-ids?from=2026-02-30',
      '/api/stove-ids/export.csv?from=0000-01-01',
      '/api/stove-transfers/export.csv?to=2026-02-30',
      '/api/audit-log?from=0000-01-01T00:00:00Z',
      '/api/audit-log?to=2026-02-30T00:00:00Z',
    ]) {
      const res = await ctx.request({ method: 'GET', url, cookie });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
    }
    const event = await post('/api/calendar/events', {
      title: 'Stock take',
      category: 'meeting',
      startsAt: '2026-02-30T09:00:00Z',
      endsAt: '2026-03-02T10:00:00Z',
    });
    expect(event.statusCode).toBe(400);
    expect(
      event.json<{ error: { details: { fieldErrors: Record<string, string[]> } } }>().error.details.fieldErrors,
    ).toEqual({ startsAt: ['Start must be a date and time like 2026-11-05T09:00:00Z'] });
  });

  it('refuses 100,001 groups at once before looking at them', async () => {
    const res = await post('/api/users', {
      email: 'many.groups@example.com',
      name: 'Many Groups',
      password: 'a-long-password-1',
      groups: Array.from({ length: 100_001 }, () => 'Admin'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('At most');
  });
});
