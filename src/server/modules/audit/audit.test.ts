/** GET /api/audit-log (+ export.csv, facets, actors): Admin group only, filters, keyset paging. */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../common/contracts/audit';
import type { ListResponse } from '../../../common/contracts/list';
import { batchNumberLabel } from '../../../common/contracts/stove-ids';
import { parseCsv } from '../../../common/csv';
import { queryRows } from '../../db/client';
import { auditLog, groupPermissions } from '../../db/schema/core';
import { groupsWith, groupsWithout } from '../../test/groups';
import { walkList } from '../../test/list-walk';
import { makeCustomer } from '../../test/sales-lines';
import { makeStoveIds } from '../../test/stove-ids';
import { createTestContext, type TestContext } from '../../test/test-app';

const LIST = '/api/audit-log';

describe('audit log', () => {
  let ctx: TestContext;
  let admin: { cookie: string; id: string; email: string };
  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await ctx.signedInAs(['Admin']);
  });
  afterAll(async () => {
    await ctx.close();
  });

  /** Rows of a record type of their own, so each test sees only its data. */
  async function seed(
    rows: {
      at: string;
      action?: string;
      actorId?: string | null;
      recordId?: string;
      before?: unknown;
      after?: unknown;
    }[],
  ) {
    const recordType = `test_${randomUUID().slice(0, 8)}`;
    await ctx.handle.db.insert(auditLog).values(
      rows.map((r, i) => ({
        at: sql`${r.at}::timestamptz`,
        actorId: r.actorId === undefined ? admin.id : r.actorId,
        action: r.action ?? 'update',
        recordType,
        recordId: r.recordId ?? `rec-${i}`,
        before: r.before ?? null,
        after: r.after ?? null,
        ipAddress: '10.0.0.1',
      })),
    );
    return recordType;
  }

  const list = (query: Record<string, string>, cookie = admin.cookie) =>
    ctx.request({ method: 'GET', url: `${LIST}?${new URLSearchParams(query).toString()}`, cookie });

  it('lists newest first with the actor, before and after', async () => {
    const recordType = await seed([
      { at: '2030-01-01T10:00:00Z', action: 'create', after: { name: 'A' } },
      {
        at: '2030-01-02T10:00:00Z',
        action: 'update',
        before: { name: 'A' },
        after: { name: 'B' },
        recordId: 'the-one',
      },
      { at: '2030-01-03T10:00:00Z', action: 'deactivate', actorId: null },
    ]);
    const res = await list({ recordType });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<ListResponse<AuditEntry>>();
    expect(page.total).toBe(3);
    expect(page.totalCapped).toBe(false);
    expect(page.nextCursor).toBeNull();
    expect(page.items.map((i) => i.action)).toEqual(['deactivate', 'update', 'create']);
    expect(page.items[0]?.actor).toBeNull();
    expect(page.items[1]).toMatchObject({
      at: '2030-01-02T10:00:00.000Z',
      actor: { id: admin.id, email: admin.email },
      action: 'update',
      recordType,
      recordId: 'the-one',
      before: { name: 'A' },
      after: { name: 'B' },
      ipAddress: '10.0.0.1',
    });
  });

  it('filters by user, action, record id and inclusive day bounds', async () => {
    const other = await ctx.makeUser(['Sales Officer']);
    const recordType = await seed([
      { at: '2031-03-01T00:00:00Z', action: 'create', recordId: 'p-100' },
      { at: '2031-03-01T23:59:59.999Z', action: 'update', recordId: 'p-100', actorId: other.id },
      { at: '2031-03-02T12:00:00Z', action: 'update', recordId: 'p-200' },
      { at: '2031-03-03T00:00:00Z', action: 'deactivate', recordId: 'p-200', actorId: other.id },
    ]);
    const ids = async (query: Record<string, string>) => {
      const res = await list({ recordType, ...query });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<ListResponse<AuditEntry>>().items.map((i) => `${i.action}:${i.recordId}`);
    };
    expect(await ids({ actorId: other.id })).toEqual(['deactivate:p-200', 'update:p-100']);
    expect(await ids({ action: 'update' })).toEqual(['update:p-200', 'update:p-100']);
    expect(await ids({ q: 'p-1' })).toEqual(['update:p-100', 'create:p-100']);
    expect(await ids({ from: '2031-03-01', to: '2031-03-01' })).toEqual(['update:p-100', 'create:p-100']);
    expect(await ids({ from: '2031-03-02' })).toEqual(['deactivate:p-200', 'update:p-200']);
    expect(await ids({ to: '2031-03-02' })).toEqual(['update:p-200', 'update:p-100', 'create:p-100']);
    expect(await ids({ from: '2031-03-02T12:00:00Z', to: '2031-03-02T12:00:00Z' })).toEqual(['update:p-200']);
    expect(await ids({ dir: 'asc', action: 'update' })).toEqual(['update:p-100', 'update:p-200']);
  });

  it('pages with a keyset cursor without losing rows that share a time (microseconds kept)', async () => {
    const rows = [
      ...Array.from({ length: 4 }, () => ({ at: '2032-05-05T05:05:05.123456Z' })),
      { at: '2032-05-05T05:05:05.123400Z' },
      { at: '2032-05-05T05:05:05.123999Z' },
      { at: '2032-05-05T05:05:05.123Z' },
    ];
    const recordType = await seed(rows);
    const walked = await walkList<AuditEntry>(ctx, LIST, { recordType }, admin.cookie, 2);
    expect(walked.items).toHaveLength(rows.length);
    expect(new Set(walked.items.map((i) => i.id)).size).toBe(rows.length);
    expect(walked.pages).toBe(4);
    const asc = await walkList<AuditEntry>(ctx, LIST, { recordType, dir: 'asc' }, admin.cookie, 3);
    expect(asc.items.map((i) => i.id)).toEqual([...walked.items].reverse().map((i) => i.id));
  });

  it.each([
    ['a bad user id', { actorId: 'nope' }, 'actorId'],
    ['a bad date', { from: '2031-13-45' }, 'from'],
    ['a word for a date', { to: 'yesterday' }, 'to'],
    ['an end before the start', { from: '2031-03-02', to: '2031-03-01' }, 'to'],
    ['a page size over 200', { limit: '201' }, 'limit'],
    ['an unknown sort', { sort: 'action' }, 'sort'],
    ['a forged cursor', { cursor: 'bm90LWEtY3Vyc29y' }, 'cursor'],
  ])('400 for %s', async (_label, query, field) => {
    const res = await list(query);
    expect(res.statusCode).toBe(400);
    const body = res.json<{ error: { code: string; details: { fieldErrors: Record<string, string[]> } } }>();
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.error.details.fieldErrors)).toContain(field);
  });

  it('exports the whole filtered log as CSV with before and after as JSON', async () => {
    const recordType = await seed([
      { at: '2033-01-01T00:00:00Z', action: 'create', after: { name: 'Plant, "North"' } },
      { at: '2033-01-02T00:00:00Z', action: 'update', before: { a: 1 }, after: { a: 2 } },
    ]);
    const res = await ctx.request({
      method: 'GET',
      url: `${LIST}/export.csv?recordType=${recordType}`,
      cookie: admin.cookie,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const [header, ...records] = parseCsv(res.body).map((r) => r.fields);
    expect(header).toEqual([
      'Time',
      'User email',
      'User name',
      'Action',
      'Record type',
      'Record',
      'Record id',
      'Before',
      'After',
      'IP address',
    ]);
    expect(records.map((r) => r[3])).toEqual(['update', 'create']);
    expect(records[0]?.[7]).toBe('{"a":1}');
    expect(records[0]?.[8]).toBe('{"a":2}');
    expect(JSON.parse(records[1]?.[8] ?? '')).toEqual({ name: 'Plant, "North"' });
    expect(records[1]?.[1]).toBe(admin.email);
  });

  it('facets list the record types and actions; actors lists who acted', async () => {
    const actor = await ctx.makeUser(['Sales Officer'], { name: 'Facet Person' });
    const recordType = await seed([{ at: '2034-01-01T00:00:00Z', action: 'facet_action', actorId: actor.id }]);
    const facets = await ctx.request({ method: 'GET', url: `${LIST}/facets`, cookie: admin.cookie });
    expect(facets.statusCode).toBe(200);
    const body = facets.json<{ recordTypes: string[]; actions: string[] }>();
    expect(body.recordTypes).toContain(recordType);
    expect(body.actions).toContain('facet_action');
    expect(body.actions).toEqual([...body.actions].sort());

    const actors = await ctx.request({ method: 'GET', url: `${LIST}/actors`, cookie: admin.cookie });
    expect(actors.statusCode).toBe(200);
    const items = actors.json<{ items: { id: string; email: string; name: string | null }[] }>().items;
    expect(items).toContainEqual({ id: actor.id, email: actor.email, name: 'Facet Person' });
    const nobody = await ctx.makeUser(['Sales Officer']);
    expect(items.map((i) => i.id)).not.toContain(nobody.id);
  });

  const ENDPOINTS = [LIST, `${LIST}/export.csv`, `${LIST}/facets`, `${LIST}/actors`];

  it('401 signed out on every endpoint', async () => {
    for (const url of ENDPOINTS) expect((await ctx.request({ method: 'GET', url })).statusCode, url).toBe(401);
  });

  it.each(groupsWithout('user-management').map((g) => [g]))('403 for %s (no user-management)', async (group) => {
    const { cookie } = await ctx.signedInAs([group]);
    for (const url of ENDPOINTS) expect((await ctx.request({ method: 'GET', url, cookie })).statusCode, url).toBe(403);
  });

  it('403 for a group given user-management that is not Admin; 200 for every group that has it and is Admin', async () => {
    expect(groupsWith('user-management')).toEqual(['Admin']);
    await ctx.handle.db.insert(groupPermissions).values({ group: 'Sales Manager', component: 'user-management' });
    try {
      const { cookie } = await ctx.signedInAs(['Sales Manager']);
      expect(
        (await ctx.request({ method: 'GET', url: '/api/me', cookie })).json<{ permissions: string[] }>().permissions,
      ).toContain('user-management');
      for (const url of ENDPOINTS) {
        const res = await ctx.request({ method: 'GET', url, cookie });
        expect(res.statusCode, url).toBe(403);
        expect(res.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
      }
      const both = await ctx.signedInAs(['Sales Manager', 'Admin']);
      for (const url of ENDPOINTS)
        expect((await ctx.request({ method: 'GET', url, cookie: both.cookie })).statusCode, url).toBe(200);
    } finally {
      await ctx.handle.db.execute(
        sql`delete from group_permissions where group_name = 'Sales Manager' and component = 'user-management'`,
      );
    }
  });

  it('records what the app does: a profile change shows up with before and after', async () => {
    const { cookie, id } = await ctx.signedInAs(['Stove Coupler']);
    await ctx.request({ method: 'PATCH', url: '/api/me/profile', cookie, payload: { name: 'Audited Name' } });
    const res = await list({ actorId: id, recordType: 'profile', action: 'update' });
    const [entry] = res.json<ListResponse<AuditEntry>>().items;
    expect(entry).toMatchObject({ recordId: id, after: { name: 'Audited Name' }, actor: { id, name: 'Audited Name' } });
    // Named as people know it, not by its id.
    expect(entry?.record).toEqual({ label: 'Audited Name', path: null });
  });

  it('names each record by its document number or name, linked to its screen; never by its id', async () => {
    const factory = await ctx.makeFactory({ name: 'Eldoret Works' });
    const partner = await makeCustomer(ctx.handle.db, { name: 'Mama Mboga Stores' });
    const batch = await makeStoveIds(ctx.handle.db, { factoryId: factory.id, count: 1 });
    const [batchRow] = await queryRows<{ number: number }>(
      ctx.handle.db,
      sql`select number::int as number from stove_id_batches where id = ${batch.batchId}`,
    );
    const missing = randomUUID();
    const rows = [
      { recordType: 'partner', recordId: partner.id },
      { recordType: 'factory', recordId: factory.id },
      { recordType: 'stove_id_batch', recordId: batch.batchId },
      { recordType: 'stove_id', recordId: batch.codes[0] ?? '' },
      { recordType: 'group_permission', recordId: 'Sales Officer:sales-order' },
      { recordType: 'partner', recordId: missing },
      { recordType: 'partner', recordId: 'not-a-uuid' },
    ];
    await ctx.handle.db.insert(auditLog).values(
      rows.map((r, i) => ({
        at: sql`${`2031-02-0${i + 1}T10:00:00Z`}::timestamptz`,
        actorId: admin.id,
        action: 'update',
        recordType: r.recordType,
        recordId: r.recordId,
      })),
    );
    const res = await list({ from: '2031-02-01', to: '2031-02-28', sort: 'at', dir: 'asc' });
    expect(res.statusCode, res.body).toBe(200);
    const records = res.json<ListResponse<AuditEntry>>().items.map((e) => e.record);
    expect(records).toEqual([
      { label: 'Mama Mboga Stores', path: '/customers?q=Mama%20Mboga%20Stores' },
      { label: `Eldoret Works (${factory.code})`, path: '/factory' },
      { label: batchNumberLabel(batchRow?.number ?? 0), path: `/stove-id/management?batchId=${batch.batchId}` },
      { label: batch.codes[0], path: `/stove-id/management/${batch.codes[0]}` },
      { label: 'Sales Officer · Sales Order', path: null },
      null,
      null,
    ]);
    // The CSV says it too.
    const csv = parseCsv(
      (
        await ctx.request({
          method: 'GET',
          url: `/api/audit-log/export.csv?from=2031-02-01&to=2031-02-01`,
          cookie: admin.cookie,
        })
      ).body,
    );
    expect(csv[0]?.fields).toContain('Record');
    expect(csv[1]?.fields).toContain('Mama Mboga Stores');
  });
});
