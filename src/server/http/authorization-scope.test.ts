/**
 * The factory dimension of the authorization matrix (DOMAIN.md §2): every factory-scoped group
 * that holds an endpoint's permission reaches its own factory's records and never another
 * factory's, whatever the request names. Every API endpoint is classified here: a factory-scoped
 * case, or the reason it has none; a new endpoint without either fails the first test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPONENTS, DEFAULT_BASE_ACCESS, effectivePermissions, GROUPS, isGlobalUser } from '../../common/permissions';
import type { Group, Permission } from '../../common/permissions';
import { loadActor } from '../auth/actor';
import { holdsRoutePermission } from './guard';
import { sendTransfer } from '../modules/stove-transfers/stove-transfers.service';
import { makeStoveIds } from '../test/stove-ids';
import { createTestContext, type TestContext } from '../test/test-app';

/** Endpoints that hold no factory's records: master data, the user's own account, or global-only. */
const UNSCOPED = new Set([
  'GET /api/health',
  'GET /api/me',
  'GET /api/me/account',
  'PATCH /api/me/profile',
  'POST /api/me/password',
  'POST /api/activity-sessions',
  'POST /api/activity-sessions/:id/ping',
  'POST /api/activity-sessions/:id/end',
  'GET /api/audit-log',
  'GET /api/audit-log/export.csv',
  'GET /api/audit-log/facets',
  'GET /api/audit-log/actors',
  'POST /api/users',
  'GET /api/users',
  'GET /api/users/export.csv',
  'GET /api/users/online',
  'GET /api/users/:id',
  'PATCH /api/users/:id',
  'POST /api/users/:id/password',
  'POST /api/users/:id/deactivate',
  'POST /api/users/:id/reactivate',
  'GET /api/users/:id/sessions',
  'DELETE /api/users/:id/sessions/:sessionId',
  'GET /api/group-permissions',
  'PUT /api/group-permissions',
  'GET /api/profiles',
  'PATCH /api/profiles/:id',
  'GET /api/factories',
  'GET /api/factories/export.csv',
  'GET /api/factories/options',
  'POST /api/factories',
  'PATCH /api/factories/:id',
  'POST /api/factories/:id/deactivate',
  'POST /api/factories/:id/reactivate',
  'GET /api/partners',
  'GET /api/partners/export.csv',
  'POST /api/partners/import',
  'POST /api/partners',
  'PATCH /api/partners/:id',
  'POST /api/partners/:id/deactivate',
  'POST /api/partners/:id/reactivate',
]);

interface World {
  own: string;
  other: string;
  third: string;
  ownCode: string;
  otherCode: string;
  otherBatch: string;
  ownBatch: string;
  /** other → third, pending. */
  otherTransfer: string;
}

interface Probe {
  method: 'GET' | 'POST';
  url: string;
  payload?: unknown;
}

interface ScopeCase {
  permission: Permission | readonly Permission[];
  /** The request on the user's own factory, and the status it gets. */
  own: (w: World) => Probe & { status: number };
  /** The same request on another factory's records, and the refusal it gets. */
  other: (w: World) => Probe & { status: number };
  /** For lists: nothing of the other factory may appear in the answer. */
  leaks?: (w: World) => string;
}

const SCOPE: Record<string, ScopeCase> = {
  'GET /api/stove-ids': {
    permission: 'stove-id-management',
    own: (w) => ({ method: 'GET', url: `/api/stove-ids?factoryId=${w.own}`, status: 200 }),
    other: (w) => ({ method: 'GET', url: `/api/stove-ids?factoryId=${w.other}`, status: 200 }),
    leaks: (w) => w.otherCode,
  },
  'GET /api/stove-ids/export.csv': {
    permission: 'stove-id-management',
    own: (w) => ({ method: 'GET', url: `/api/stove-ids/export.csv?factoryId=${w.own}`, status: 200 }),
    other: (w) => ({ method: 'GET', url: `/api/stove-ids/export.csv?factoryId=${w.other}`, status: 200 }),
    leaks: (w) => w.otherCode,
  },
  'GET /api/stove-ids/:code': {
    permission: 'stove-id-management',
    own: (w) => ({ method: 'GET', url: `/api/stove-ids/${w.ownCode}`, status: 200 }),
    other: (w) => ({ method: 'GET', url: `/api/stove-ids/${w.otherCode}`, status: 404 }),
  },
  'GET /api/stove-ids/labels': {
    permission: 'stove-id-management',
    own: (w) => ({ method: 'GET', url: `/api/stove-ids/labels?batchId=${w.ownBatch}`, status: 200 }),
    other: (w) => ({ method: 'GET', url: `/api/stove-ids/labels?batchId=${w.otherBatch}`, status: 404 }),
  },
  'POST /api/stove-ids/labels': {
    permission: 'stove-id-management',
    own: (w) => ({ method: 'POST', url: '/api/stove-ids/labels', payload: { codes: [w.ownCode] }, status: 200 }),
    other: (w) => ({ method: 'POST', url: '/api/stove-ids/labels', payload: { codes: [w.otherCode] }, status: 409 }),
  },
  'POST /api/stove-ids/void': {
    permission: 'stove-id-management',
    // The own case voids nothing: a reason-less request is refused by validation before scope.
    own: (w) => ({ method: 'POST', url: '/api/stove-ids/void', payload: { codes: [w.ownCode] }, status: 400 }),
    other: (w) => ({
      method: 'POST',
      url: '/api/stove-ids/void',
      payload: { codes: [w.otherCode], reason: 'scope probe' },
      status: 409,
    }),
  },
  'GET /api/stove-id-batches': {
    permission: 'stove-id-management',
    own: (w) => ({ method: 'GET', url: `/api/stove-id-batches?factoryId=${w.own}`, status: 200 }),
    other: (w) => ({ method: 'GET', url: `/api/stove-id-batches?factoryId=${w.other}`, status: 200 }),
    leaks: (w) => w.otherBatch,
  },
  'GET /api/stove-id-batches/:id': {
    permission: 'stove-id-management',
    own: (w) => ({ method: 'GET', url: `/api/stove-id-batches/${w.ownBatch}`, status: 200 }),
    other: (w) => ({ method: 'GET', url: `/api/stove-id-batches/${w.otherBatch}`, status: 404 }),
  },
  'POST /api/stove-id-batches': {
    permission: 'stove-id-management',
    own: (w) => ({ method: 'POST', url: '/api/stove-id-batches', payload: batch(w.own), status: 201 }),
    other: (w) => ({ method: 'POST', url: '/api/stove-id-batches', payload: batch(w.other), status: 403 }),
  },
  'POST /api/stove-id-imports/preview': {
    permission: 'stove-id-management',
    own: (w) => ({ method: 'POST', url: '/api/stove-id-imports/preview', payload: imported(w.own), status: 200 }),
    other: (w) => ({ method: 'POST', url: '/api/stove-id-imports/preview', payload: imported(w.other), status: 403 }),
  },
  'POST /api/stove-id-imports': {
    permission: 'stove-id-management',
    own: (w) => ({ method: 'POST', url: '/api/stove-id-imports', payload: imported(w.own), status: 201 }),
    other: (w) => ({ method: 'POST', url: '/api/stove-id-imports', payload: imported(w.other), status: 403 }),
  },
  'POST /api/stove-transfers/check': {
    permission: 'stove-id-management',
    own: (w) => ({
      method: 'POST',
      url: '/api/stove-transfers/check',
      payload: sent(w.own, w.third, w.ownCode),
      status: 200,
    }),
    other: (w) => ({
      method: 'POST',
      url: '/api/stove-transfers/check',
      payload: sent(w.other, w.third, w.otherCode),
      status: 403,
    }),
  },
  'POST /api/stove-transfers': {
    permission: 'stove-id-management',
    // The own case sends nothing: a note of 2,000 characters is refused by validation before scope.
    own: (w) => ({
      method: 'POST',
      url: '/api/stove-transfers',
      payload: { ...sent(w.own, w.third, w.ownCode), note: 'x'.repeat(2000) },
      status: 400,
    }),
    other: (w) => ({
      method: 'POST',
      url: '/api/stove-transfers',
      payload: sent(w.other, w.third, w.otherCode),
      status: 403,
    }),
  },
  'GET /api/stove-transfers': {
    permission: 'stove-id-management',
    own: (w) => ({ method: 'GET', url: `/api/stove-transfers?fromFactoryId=${w.own}`, status: 200 }),
    other: (w) => ({ method: 'GET', url: `/api/stove-transfers?fromFactoryId=${w.other}`, status: 200 }),
    leaks: (w) => w.otherTransfer,
  },
  'GET /api/stove-transfers/export.csv': {
    permission: 'stove-id-management',
    own: () => ({ method: 'GET', url: '/api/stove-transfers/export.csv', status: 200 }),
    other: (w) => ({ method: 'GET', url: `/api/stove-transfers/export.csv?fromFactoryId=${w.other}`, status: 200 }),
    leaks: (w) => w.otherCode,
  },
  'GET /api/stove-transfers/pending-count': {
    permission: 'stove-id-management',
    own: () => ({ method: 'GET', url: '/api/stove-transfers/pending-count', status: 200 }),
    // The other factory's pending transfer is not counted for this user.
    other: () => ({ method: 'GET', url: '/api/stove-transfers/pending-count', status: 200 }),
    leaks: () => '"incoming":1',
  },
  'GET /api/stove-transfers/:id': {
    permission: 'stove-id-management',
    own: () => ({ method: 'GET', url: '/api/stove-transfers/00000000-0000-4000-8000-000000000000', status: 404 }),
    other: (w) => ({ method: 'GET', url: `/api/stove-transfers/${w.otherTransfer}`, status: 404 }),
  },
  'POST /api/stove-transfers/:id/confirm': {
    permission: 'stove-id-management',
    own: () => ({
      method: 'POST',
      url: '/api/stove-transfers/00000000-0000-4000-8000-000000000000/confirm',
      payload: {},
      status: 404,
    }),
    other: (w) => ({
      method: 'POST',
      url: `/api/stove-transfers/${w.otherTransfer}/confirm`,
      payload: {},
      status: 404,
    }),
  },
  'POST /api/stove-transfers/:id/reject': {
    permission: 'stove-id-management',
    own: () => ({
      method: 'POST',
      url: '/api/stove-transfers/00000000-0000-4000-8000-000000000000/reject',
      payload: { reason: 'probe' },
      status: 404,
    }),
    other: (w) => ({
      method: 'POST',
      url: `/api/stove-transfers/${w.otherTransfer}/reject`,
      payload: { reason: 'probe' },
      status: 404,
    }),
  },
  'POST /api/stove-transfers/:id/cancel': {
    permission: 'stove-id-management',
    own: () => ({
      method: 'POST',
      url: '/api/stove-transfers/00000000-0000-4000-8000-000000000000/cancel',
      payload: {},
      status: 404,
    }),
    other: (w) => ({ method: 'POST', url: `/api/stove-transfers/${w.otherTransfer}/cancel`, payload: {}, status: 404 }),
  },
  'POST /api/stove-ids/validate': {
    permission: 'validate-stove-ids',
    own: (w) => ({ method: 'POST', url: '/api/stove-ids/validate', payload: { codes: [w.ownCode] }, status: 200 }),
    other: (w) => ({
      method: 'POST',
      url: '/api/stove-ids/validate',
      payload: { codes: [w.otherCode], factoryId: w.other },
      status: 200,
    }),
  },
  'POST /api/stove-ids/approve': {
    permission: 'validate-stove-ids',
    own: (w) => ({ method: 'POST', url: '/api/stove-ids/approve', payload: { codes: [w.ownCode] }, status: 409 }),
    other: (w) => ({ method: 'POST', url: '/api/stove-ids/approve', payload: { codes: [w.otherCode] }, status: 409 }),
  },
};

let serial = 0;
const batch = (factoryId: string) => ({
  factoryId,
  prefix: 'SCOPE',
  firstNumber: 100 + serial++ * 10,
  count: 2,
  width: 7,
});
const imported = (factoryId: string) => ({ factoryId, codes: [`SCOPE-IMP-${serial++}`] });
const sent = (fromFactoryId: string, toFactoryId: string, code: string) => ({
  fromFactoryId,
  toFactoryId,
  codes: [code],
});

const SCOPED_GROUPS = GROUPS.filter((g) => !isGlobalUser([g]));

function groupHolds(group: Group, permission: Permission | readonly Permission[]): boolean {
  const base = COMPONENTS.filter((c) => DEFAULT_BASE_ACCESS[c].includes(group));
  return holdsRoutePermission(effectivePermissions([group], base), permission);
}

describe('authorization matrix: own factory / other factory', () => {
  let ctx: TestContext;
  let world: World;
  const cookies = new Map<Group, string>();

  beforeAll(async () => {
    ctx = await createTestContext();
    const [own, other, third] = [await ctx.makeFactory(), await ctx.makeFactory(), await ctx.makeFactory()];
    const admin = await ctx.makeUser(['Admin']);
    const ownIds = await makeStoveIds(ctx.handle.db, { factoryId: own.id, count: 2 });
    const otherIds = await makeStoveIds(ctx.handle.db, { factoryId: other.id, count: 2 });
    const actor = await loadActor(ctx.handle.db, admin.id);
    if (!actor) throw new Error('no admin actor');
    const transfer = await sendTransfer(ctx.handle.db, actor, {
      fromFactoryId: other.id,
      toFactoryId: third.id,
      codes: [otherIds.codes[1] ?? ''],
      note: null,
    });
    world = {
      own: own.id,
      other: other.id,
      third: third.id,
      ownCode: ownIds.codes[0] ?? '',
      otherCode: otherIds.codes[0] ?? '',
      ownBatch: ownIds.batchId,
      otherBatch: otherIds.batchId,
      otherTransfer: transfer.id,
    };
    for (const group of SCOPED_GROUPS) {
      const { cookie } = await ctx.signedInAs([group], { factoryId: own.id });
      cookies.set(group, cookie);
    }
  }, 60_000);
  afterAll(async () => {
    await ctx.close();
  });

  it('classifies every API endpoint: a factory case, or no factory records', () => {
    const routes = ctx.app.routeTable.filter((r) => !r.url.startsWith('/api/auth/')).map((r) => `${r.method} ${r.url}`);
    const unclassified = routes.filter((r) => !UNSCOPED.has(r) && !(r in SCOPE));
    expect(unclassified).toEqual([]);
    expect(Object.keys(SCOPE).filter((r) => !routes.includes(r))).toEqual([]);
  });

  for (const group of SCOPED_GROUPS) {
    it(`keeps ${group} (scoped to one factory) on its own factory`, async () => {
      const wrong: string[] = [];
      for (const [route, c] of Object.entries(SCOPE)) {
        if (!groupHolds(group, c.permission)) continue;
        for (const side of ['own', 'other'] as const) {
          const { status, ...probe } = c[side](world);
          const res = await ctx.request({ ...probe, cookie: cookies.get(group) } as Parameters<
            TestContext['request']
          >[0]);
          if (res.statusCode !== status)
            wrong.push(`${route} (${side}): ${res.statusCode}, expected ${status} ${res.body.slice(0, 120)}`);
          const leak = c.leaks?.(world);
          if (side === 'other' && leak && res.body.includes(leak)) wrong.push(`${route} (other): shows ${leak}`);
        }
      }
      expect(wrong).toEqual([]);
    });
  }
});
