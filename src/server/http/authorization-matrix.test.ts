/**
 * The authorization matrix, generated from the server's route table: every API endpoint is
 * listed here with the permission it must declare; every endpoint × every group gives exactly
 * the allowed answer (403 without the permission, never 401/403 with it), and 401 signed out.
 * A new endpoint without an entry here fails the first test.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BASE_ACCESS, COMPONENTS, effectivePermissions, GROUPS, type Group } from '../../common/permissions';
import { createTestContext, type TestContext } from '../test/test-app';
import { STOVE_REPORT_VOID_GROUPS } from '../../common/contracts/production';
import { holdsRoutePermission, type RoutePermission } from './guard';

interface Expected {
  permission: RoutePermission;
  /** Also needs membership of the Admin group (changing permissions, reading the audit log). */
  adminGroupOnly?: true;
  /** Also needs membership of one of these groups (voiding a stove report). */
  groups?: readonly Group[];
}

/** Every API endpoint (better-auth's /api/auth/* excepted: see modules/auth), and /metrics, and what it needs. */
const EXPECTED: Record<string, Expected> = {
  'GET /api/health': { permission: 'public' },
  'GET /api/ready': { permission: 'public' },
  // No session: the METRICS_TOKEN bearer token instead (404 while unset, as here; see modules/metrics).
  'GET /metrics': { permission: 'public' },
  'GET /api/me': { permission: 'authenticated' },
  'GET /api/live': { permission: 'authenticated' },
  'GET /api/me/account': { permission: 'authenticated' },
  'PATCH /api/me/profile': { permission: 'authenticated' },
  'POST /api/me/password': { permission: 'authenticated' },
  'GET /api/me/notifications': { permission: 'authenticated' },
  'PUT /api/me/notifications': { permission: 'authenticated' },
  'GET /api/audit-log': { permission: 'user-management', adminGroupOnly: true },
  'GET /api/audit-log/export.csv': { permission: 'user-management', adminGroupOnly: true },
  'GET /api/audit-log/facets': { permission: 'user-management', adminGroupOnly: true },
  'GET /api/audit-log/actors': { permission: 'user-management', adminGroupOnly: true },
  'GET /api/backups': { permission: 'user-management', adminGroupOnly: true },
  'POST /api/backups': { permission: 'user-management', adminGroupOnly: true },
  'GET /api/backups/:id/download': { permission: 'user-management', adminGroupOnly: true },
  'GET /api/mail/outbox': { permission: 'user-management', adminGroupOnly: true },
  'POST /api/activity-sessions': { permission: 'authenticated' },
  'POST /api/activity-sessions/:id/ping': { permission: 'authenticated' },
  'POST /api/activity-sessions/:id/end': { permission: 'authenticated' },
  'POST /api/users': { permission: 'user-management' },
  'GET /api/users': { permission: 'user-management' },
  'GET /api/users/export.csv': { permission: 'user-management' },
  'GET /api/users/online': { permission: 'user-management' },
  'GET /api/users/:id': { permission: 'user-management' },
  'PATCH /api/users/:id': { permission: 'user-management' },
  'POST /api/users/:id/password': { permission: 'user-management' },
  'POST /api/users/:id/deactivate': { permission: 'user-management' },
  'POST /api/users/:id/invitation': { permission: 'user-management' },
  'POST /api/users/:id/reactivate': { permission: 'user-management' },
  'GET /api/users/:id/sessions': { permission: 'user-management' },
  'DELETE /api/users/:id/sessions/:sessionId': { permission: 'user-management' },
  'GET /api/group-permissions': { permission: 'user-management' },
  'PUT /api/group-permissions': { permission: 'user-management', adminGroupOnly: true },
  'GET /api/profiles': { permission: 'user-management' },
  'PATCH /api/profiles/:id': { permission: 'user-management' },
  'GET /api/factories': { permission: 'factory-management' },
  'GET /api/factories/export.csv': { permission: 'factory-management' },
  'GET /api/factories/options': { permission: 'authenticated' },
  'POST /api/factories': { permission: 'factory-management' },
  'PATCH /api/factories/:id': { permission: 'factory-management' },
  'POST /api/factories/:id/deactivate': { permission: 'factory-management' },
  'POST /api/factories/:id/reactivate': { permission: 'factory-management' },
  'PUT /api/company/time-zone': { permission: 'factory-management' },
  'GET /api/partners': { permission: 'customer-management' },
  'GET /api/partners/export.csv': { permission: 'customer-management' },
  'POST /api/partners/import': { permission: 'customer-management' },
  'POST /api/partners': { permission: 'customer-management' },
  'PATCH /api/partners/:id': { permission: 'customer-management' },
  'POST /api/partners/:id/deactivate': { permission: 'customer-management' },
  'POST /api/partners/:id/reactivate': { permission: 'customer-management' },
  'GET /api/stove-ids': { permission: 'stove-id-management' },
  'GET /api/stove-ids/export.csv': { permission: 'stove-id-management' },
  'GET /api/stove-ids/labels': { permission: 'stove-id-management' },
  'POST /api/stove-ids/labels': { permission: 'stove-id-management' },
  'POST /api/stove-ids/void': { permission: 'stove-id-management' },
  'GET /api/stove-ids/:code': { permission: 'stove-id-management' },
  'GET /api/stove-id-batches': { permission: 'stove-id-management' },
  'GET /api/stove-id-batches/:id': { permission: 'stove-id-management' },
  'GET /api/stove-id-batches/next-number': { permission: 'stove-id-management' },
  'POST /api/stove-id-batches': { permission: 'stove-id-management' },
  'POST /api/stove-id-imports/preview': { permission: 'stove-id-management' },
  'POST /api/stove-id-imports': { permission: 'stove-id-management' },
  'POST /api/stove-ids/validate': { permission: 'validate-stove-ids' },
  'POST /api/stove-ids/approve': { permission: 'validate-stove-ids' },
  'GET /api/stove-transfers': { permission: 'stove-id-management' },
  'GET /api/stove-transfers/export.csv': { permission: 'stove-id-management' },
  'GET /api/stove-transfers/pending-count': { permission: 'stove-id-management' },
  'POST /api/stove-transfers/check': { permission: 'stove-id-management' },
  'POST /api/stove-transfers': { permission: 'stove-id-management' },
  'GET /api/stove-transfers/:id': { permission: 'stove-id-management' },
  'POST /api/stove-transfers/:id/confirm': { permission: 'stove-id-management' },
  'POST /api/stove-transfers/:id/reject': { permission: 'stove-id-management' },
  'POST /api/stove-transfers/:id/cancel': { permission: 'stove-id-management' },
  'GET /api/steel/overview': { permission: 'steel-management' },
  'GET /api/steel/categories': { permission: 'steel-management' },
  'GET /api/steel/categories/options': { permission: ['steel-management', 'ckd-categories'] },
  'POST /api/steel/categories': { permission: 'steel-categories' },
  'PATCH /api/steel/categories/:id': { permission: 'steel-categories' },
  'POST /api/steel/categories/:id/deactivate': { permission: 'steel-categories' },
  'POST /api/steel/categories/:id/reactivate': { permission: 'steel-categories' },
  'GET /api/steel/records': { permission: 'steel-management' },
  'GET /api/steel/records/export.csv': { permission: 'steel-management' },
  'POST /api/steel/records': { permission: 'steel-records' },
  'GET /api/stove-reports': { permission: 'production-management' },
  'GET /api/stove-reports/export.csv': { permission: 'production-management' },
  'GET /api/stove-reports/couplers': { permission: 'production-management' },
  'POST /api/stove-reports/check': { permission: 'production-management' },
  'POST /api/stove-reports': { permission: 'production-management' },
  'GET /api/stove-reports/:id': { permission: 'production-management' },
  'POST /api/stove-reports/:id/void': { permission: 'production-management', groups: STOVE_REPORT_VOID_GROUPS },
  'GET /api/ckd/report': { permission: 'ckd-management' },
  'GET /api/ckd/report/export.csv': { permission: 'ckd-management' },
  'GET /api/ckd/factory-report': { permission: 'factory-ckd-report' },
  'GET /api/ckd/factory-report/export.csv': { permission: 'factory-ckd-report' },
  'GET /api/daily-production-reports': { permission: 'production-management' },
  'GET /api/daily-production-reports/export.csv': { permission: 'production-management' },
  'GET /api/daily-production-reports/:id': { permission: 'production-management' },
  'POST /api/daily-production-reports': { permission: 'production-management' },
  'PATCH /api/daily-production-reports/:id': { permission: 'production-management' },
  'GET /api/productivity/targets': { permission: ['productivity-settings', 'productivity-tracker'] },
  'POST /api/productivity/targets': { permission: 'productivity-settings' },
  'DELETE /api/productivity/targets/:id': { permission: 'productivity-settings' },
  'GET /api/productivity/tracker': { permission: 'productivity-tracker' },
  'GET /api/ckd/categories': { permission: ['ckd-categories', 'ckd-management'] },
  'GET /api/ckd/categories/options': {
    permission: ['ckd-management', 'ckd-categories', 'produced-ckd-records', 'production-management', 'sales-packages'],
  },
  'POST /api/ckd/categories': { permission: 'ckd-categories' },
  'PATCH /api/ckd/categories/:id': { permission: 'ckd-categories' },
  'POST /api/ckd/categories/:id/deactivate': { permission: 'ckd-categories' },
  'POST /api/ckd/categories/:id/reactivate': { permission: 'ckd-categories' },
  'GET /api/ckd/produced-records': { permission: 'produced-ckd-records' },
  'GET /api/ckd/produced-records/export.csv': { permission: 'produced-ckd-records' },
  'POST /api/ckd/produced-records': { permission: 'produced-ckd-records' },
  'GET /api/ckd/transfers': { permission: 'ckd-management' },
  'GET /api/ckd/transfers/export.csv': { permission: 'ckd-management' },
  'POST /api/ckd/transfers': { permission: ['ckd-transfer', 'transfer-ckd-to-factory'] },
  'GET /api/ckd/stock': { permission: 'ckd-management' },
  'GET /api/sales/categories': { permission: 'sales-categories' },
  'POST /api/sales/categories': { permission: 'sales-categories' },
  'PATCH /api/sales/categories/:id': { permission: 'sales-categories' },
  'DELETE /api/sales/categories/:id': { permission: 'sales-categories' },
  'POST /api/sales/categories/:id/deactivate': { permission: 'sales-categories' },
  'POST /api/sales/categories/:id/reactivate': { permission: 'sales-categories' },
  'GET /api/sales/packages': { permission: 'sales-packages' },
  'GET /api/sales/packages/export.csv': { permission: 'sales-packages' },
  'POST /api/sales/packages': { permission: 'sales-packages' },
  'PATCH /api/sales/packages/:id': { permission: 'sales-packages' },
  'DELETE /api/sales/packages/:id': { permission: 'sales-packages' },
  'POST /api/sales/packages/:id/deactivate': { permission: 'sales-packages' },
  'POST /api/sales/packages/:id/reactivate': { permission: 'sales-packages' },
  'GET /api/sales/options': {
    permission: [
      'customer-management',
      'sales-packages',
      'sales-categories',
      'price-allocation',
      'sales-order',
      'sales-report',
      'sales-management',
    ],
  },
  'GET /api/sales/prices': { permission: 'price-allocation' },
  'GET /api/sales/prices/export.csv': { permission: 'price-allocation' },
  'GET /api/sales/prices/grid': { permission: 'price-allocation' },
  'POST /api/sales/prices': { permission: 'price-allocation' },
  'DELETE /api/sales/prices/:id': { permission: 'price-allocation' },
  'GET /api/sales/overview': { permission: 'sales-management' },
  'GET /api/sales/orders': { permission: ['sales-order', 'sales-management'] },
  'GET /api/sales/orders/export.csv': { permission: ['sales-order', 'sales-management'] },
  'GET /api/sales/orders/prices': { permission: 'sales-order' },
  'POST /api/sales/orders/check': { permission: 'sales-order' },
  'POST /api/sales/orders': { permission: 'sales-order' },
  'GET /api/sales/orders/:id': { permission: ['sales-order', 'sales-management'] },
  'POST /api/sales/orders/:id/cancel': { permission: 'sales-management' },
  'POST /api/sales/orders/:id/returns': { permission: 'sales-management' },
  'GET /api/carbon/end-users': { permission: 'carbon-programme' },
  'GET /api/carbon/end-users/export.csv': { permission: 'carbon-programme' },
  'GET /api/carbon/end-users/template.csv': { permission: 'carbon-programme' },
  'POST /api/carbon/end-users/import': { permission: 'carbon-programme' },
  'POST /api/carbon/end-users': { permission: 'carbon-programme' },
  'GET /api/carbon/partners': { permission: 'carbon-programme' },
  'GET /api/carbon/sales-record': { permission: 'carbon-programme' },
  'GET /api/carbon/sales-record/summary': { permission: 'carbon-programme' },
  'GET /api/carbon/sales-record/export.csv': { permission: 'carbon-programme' },
  'GET /api/carbon/sales-record/export.xlsx': { permission: 'carbon-programme' },
  'GET /api/carbon/cohorts': { permission: 'carbon-programme' },
  'GET /api/carbon/cohorts/export.csv': { permission: 'carbon-programme' },
  'GET /api/carbon/surveys/plan': { permission: 'carbon-programme' },
  'GET /api/carbon/surveys/draws': { permission: 'carbon-programme' },
  'POST /api/carbon/surveys/draws': { permission: 'carbon-programme' },
  'GET /api/carbon/surveys/draws/:id': { permission: 'carbon-programme' },
  'GET /api/carbon/surveys/draws/:id/call-list.csv': { permission: 'carbon-programme' },
  'PUT /api/carbon/surveys/draws/:id/results/:code': { permission: 'carbon-programme' },
  'POST /api/carbon/surveys/draws/:id/results/import': { permission: 'carbon-programme' },
  'GET /api/carbon/surveys/draws/:id/drop-off': { permission: 'carbon-programme' },
  'GET /api/carbon/surveys/draws/:id/drop-off.csv': { permission: 'carbon-programme' },
  'GET /api/sales/returns': { permission: ['sales-order', 'sales-management'] },
  'GET /api/sales/returns/export.csv': { permission: ['sales-order', 'sales-management'] },
  'GET /api/sales/returns/:id': { permission: ['sales-order', 'sales-management'] },
  'GET /api/sales/report': { permission: 'sales-report' },
  'GET /api/sales/report/export.csv': { permission: 'sales-report' },
  'GET /api/dashboards/admin': { permission: 'admin-dashboard' },
  'GET /api/dashboards/factory': { permission: 'factory-dashboard' },
  'GET /api/inventory/options': { permission: 'inventory-management' },
  'GET /api/inventory/categories': { permission: 'inventory-management' },
  'POST /api/inventory/categories': { permission: 'inventory-management' },
  'PATCH /api/inventory/categories/:id': { permission: 'inventory-management' },
  'DELETE /api/inventory/categories/:id': { permission: 'inventory-management' },
  'POST /api/inventory/categories/:id/deactivate': { permission: 'inventory-management' },
  'POST /api/inventory/categories/:id/reactivate': { permission: 'inventory-management' },
  'GET /api/inventory/units': { permission: 'inventory-management' },
  'POST /api/inventory/units': { permission: 'inventory-management' },
  'PATCH /api/inventory/units/:id': { permission: 'inventory-management' },
  'DELETE /api/inventory/units/:id': { permission: 'inventory-management' },
  'POST /api/inventory/units/:id/deactivate': { permission: 'inventory-management' },
  'POST /api/inventory/units/:id/reactivate': { permission: 'inventory-management' },
  'GET /api/inventory/items': { permission: 'inventory-management' },
  'GET /api/inventory/items/export.csv': { permission: 'inventory-management' },
  'POST /api/inventory/items': { permission: 'inventory-management' },
  'PATCH /api/inventory/items/:id': { permission: 'inventory-management' },
  'DELETE /api/inventory/items/:id': { permission: 'inventory-management' },
  'POST /api/inventory/items/:id/deactivate': { permission: 'inventory-management' },
  'POST /api/inventory/items/:id/reactivate': { permission: 'inventory-management' },
  'GET /api/inventory/stock': { permission: 'inventory-management' },
  'GET /api/inventory/stock/export.csv': { permission: 'inventory-management' },
  'POST /api/inventory/inputs': { permission: 'inventory-management' },
  'POST /api/inventory/removals': { permission: 'inventory-management' },
  'POST /api/inventory/transfers': { permission: 'inventory-management' },
  'GET /api/inventory/entries': { permission: 'inventory-management' },
  'GET /api/inventory/entries/export.csv': { permission: 'inventory-management' },
  'GET /api/inventory/entries/:id': { permission: 'inventory-management' },
  'GET /api/inventory/movements': { permission: 'inventory-management' },
  'GET /api/inventory/movements/export.csv': { permission: 'inventory-management' },
  'GET /api/announcements/mine': { permission: 'authenticated' },
  'GET /api/announcements/mine/unread-count': { permission: 'authenticated' },
  'POST /api/announcements/read-all': { permission: 'authenticated' },
  'POST /api/announcements/:id/read': { permission: 'authenticated' },
  'GET /api/announcements': { permission: 'announcement-management' },
  'GET /api/announcements/:id': { permission: 'announcement-management' },
  'POST /api/announcements': { permission: 'announcement-management' },
  'PATCH /api/announcements/:id': { permission: 'announcement-management' },
  'POST /api/announcements/:id/expire': { permission: 'announcement-management' },
  'GET /api/calendar/events': { permission: 'calendar-management' },
  'GET /api/calendar/upcoming': { permission: 'calendar-management' },
  'GET /api/calendar/events/:id': { permission: 'calendar-management' },
  'POST /api/calendar/events': { permission: 'calendar-management' },
  'PATCH /api/calendar/events/:id': { permission: 'calendar-management' },
  'POST /api/calendar/events/:id/move': { permission: 'calendar-management' },
  'DELETE /api/calendar/events/:id': { permission: 'calendar-management' },
  'GET /api/documentation/pages': { permission: 'system-documentation' },
  'GET /api/documentation/search': { permission: 'system-documentation' },
  'GET /api/documentation/pages/:slug': { permission: 'system-documentation' },
  'GET /api/documentation/pages/:slug/history': { permission: 'system-documentation' },
  'GET /api/documentation/pages/:slug/history/:version': { permission: 'system-documentation' },
  'POST /api/documentation/pages': { permission: 'edit-documentation' },
  'PATCH /api/documentation/pages/:slug': { permission: 'edit-documentation' },
  'GET /api/app-doc': { permission: 'app-doc' },
  'GET /api/app-doc/search': { permission: 'app-doc' },
  'GET /api/search': { permission: 'authenticated' },
  'GET /api/app-doc/:slug': { permission: 'app-doc' },
  // Files on documents: the record's view permission to list and download, its edit permission to change.
  ...fileEndpoints('/api/stove-transfers', 'stove-id-management', 'stove-id-management'),
  ...fileEndpoints('/api/stove-reports', 'production-management', 'production-management'),
  ...fileEndpoints('/api/sales/orders', ['sales-order', 'sales-management'], 'sales-order'),
  ...fileEndpoints('/api/sales/returns', ['sales-order', 'sales-management'], 'sales-order'),
  ...fileEndpoints('/api/ckd/transfers', 'ckd-management', ['ckd-transfer', 'transfer-ckd-to-factory']),
  ...fileEndpoints('/api/inventory/entries', 'inventory-management', 'inventory-management'),
  ...fileEndpoints('/api/steel/records', 'steel-management', 'steel-records'),
  ...fileEndpoints('/api/partners', 'customer-management', 'customer-management'),
  // An announcement's readers list and download its files (the service checks that it reaches them).
  ...fileEndpoints('/api/announcements', 'authenticated', 'announcement-management'),
};

/** The five endpoints of a record kind's files. */
function fileEndpoints(base: string, view: RoutePermission, edit: RoutePermission): Record<string, Expected> {
  return {
    [`GET ${base}/:id/files`]: { permission: view },
    [`POST ${base}/:id/files`]: { permission: edit },
    [`GET ${base}/:id/files/:fileId`]: { permission: view },
    [`GET ${base}/:id/files/:fileId/thumbnail`]: { permission: view },
    [`DELETE ${base}/:id/files/:fileId`]: { permission: edit },
  };
}

const key = (method: string, url: string) => `${method} ${url}`;
const isAuthLibraryRoute = (url: string) => url.startsWith('/api/auth/');

/** A concrete request for a route pattern: unknown ids in the path, an empty JSON body. */
function probe(method: string, url: string) {
  const path = url.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    name === 'id' && url.startsWith('/api/activity-sessions') ? `${randomUUID()}-1` : randomUUID(),
  );
  return {
    method: method as 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: path,
    ...(method === 'GET' ? {} : { payload: {} }),
  };
}

function groupHas(group: Group, expected: Expected): boolean {
  const base = COMPONENTS.filter((c) => DEFAULT_BASE_ACCESS[c].includes(group));
  const allowed = holdsRoutePermission(effectivePermissions([group], base), expected.permission);
  return (
    allowed && (!expected.adminGroupOnly || group === 'Admin') && (!expected.groups || expected.groups.includes(group))
  );
}

describe('authorization matrix', () => {
  let ctx: TestContext;
  const cookies = new Map<Group, string>();

  beforeAll(async () => {
    ctx = await createTestContext();
    const factory = await ctx.makeFactory();
    for (const group of GROUPS) {
      const { cookie } = await ctx.signedInAs([group], { factoryId: factory.id });
      cookies.set(group, cookie);
    }
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('lists every API endpoint with the permission it declares, and nothing else', () => {
    const actual = Object.fromEntries(
      ctx.app.routeTable.filter((r) => !isAuthLibraryRoute(r.url)).map((r) => [key(r.method, r.url), r.permission]),
    );
    const expected = Object.fromEntries(Object.entries(EXPECTED).map(([k, v]) => [k, v.permission]));
    expect(actual).toEqual(expected);
  });

  it('answers 401 to a signed-out caller on every endpoint that is not public', async () => {
    for (const [route, expected] of Object.entries(EXPECTED)) {
      if (expected.permission === 'public') continue;
      const [method = '', url = ''] = route.split(' ');
      const res = await ctx.request(probe(method, url));
      expect(res.statusCode, route).toBe(401);
    }
  });

  for (const group of GROUPS) {
    it(`gives ${group} exactly the endpoints its permissions allow`, async () => {
      const cookie = cookies.get(group);
      const wrong: string[] = [];
      for (const [route, expected] of Object.entries(EXPECTED)) {
        const [method = '', url = ''] = route.split(' ');
        const res = await ctx.request({ ...probe(method, url), cookie });
        const allowed = groupHas(group, expected);
        const ok = allowed
          ? res.statusCode !== 401 && res.statusCode !== 403 && res.statusCode < 500
          : res.statusCode === 403;
        if (!ok)
          wrong.push(`${route}: ${res.statusCode} (${allowed ? 'allowed' : 'denied'}) ${res.body.slice(0, 120)}`);
      }
      expect(wrong).toEqual([]);
    });
  }
});
