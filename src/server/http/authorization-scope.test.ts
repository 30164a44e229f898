/**
 * The factory dimension of the authorization matrix (DOMAIN.md §2): every factory-scoped group
 * that holds an endpoint's permission reaches its own factory's records and never another
 * factory's, whatever the request names. Every API endpoint is classified here: a factory-scoped
 * case, or the reason it has none; a new endpoint without either fails the first test.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client';
import { COMPONENTS, DEFAULT_BASE_ACCESS, effectivePermissions, GROUPS, isGlobalUser } from '../../common/permissions';
import type { Group, Permission } from '../../common/permissions';
import { loadActor } from '../auth/actor';
import { holdsRoutePermission } from './guard';
import { sendTransfer } from '../modules/stove-transfers/stove-transfers.service';
import { createCkdTransfer } from '../modules/ckd/ckd-transfers.service';
import { createDailyReport } from '../modules/daily-production-reports/daily-production-reports.service';
import { createTarget } from '../modules/productivity/productivity-targets.service';
import { submitReport } from '../modules/stove-reports/stove-reports.service';
import { createEvent } from '../modules/calendar/calendar.service';
import { createAnnouncement, expireAnnouncement } from '../modules/announcements/announcements.service';
import { STOVE_REPORT_VOID_GROUPS } from '../../common/contracts/production';
import { giveInventory, makeInventoryItem } from '../test/inventory';
import { giveKits, giveSteel, makeCkdCategory, makeSteelCategory } from '../test/production';
import { makeSalesCategory, makeSalesPackage } from '../test/sales';
import { makeCustomer, recordReturn, recordSale } from '../test/sales-lines';
import { makeStoveIds } from '../test/stove-ids';
import { createTestContext, type TestContext } from '../test/test-app';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import type { AttachmentKind } from '../../common/contracts/attachments';
import { uploadAttachments } from '../modules/attachments/attachments.service';
import { LocalFileStore } from '../modules/attachments/file-store';
import { createSteelRecord } from '../modules/steel/steel-records.service';

/** Endpoints that hold no factory's records: master data, the user's own account, or global-only. */
const UNSCOPED = new Set([
  'GET /api/health',
  'GET /api/ready',
  // Counts of the whole instance, behind the METRICS_TOKEN bearer token.
  'GET /metrics',
  'GET /api/me',
  // The stream filters each event by the viewer's factory and groups (live-audience, proven in live.test.ts).
  'GET /api/live',
  'GET /api/me/account',
  'PATCH /api/me/profile',
  'POST /api/me/password',
  'GET /api/me/notifications',
  'PUT /api/me/notifications',
  'POST /api/activity-sessions',
  'POST /api/activity-sessions/:id/ping',
  'POST /api/activity-sessions/:id/end',
  'GET /api/audit-log',
  'GET /api/audit-log/export.csv',
  'GET /api/audit-log/facets',
  'GET /api/audit-log/actors',
  // Backups hold the whole database: the Admin group's only (the matrix).
  'GET /api/backups',
  'POST /api/backups',
  'GET /api/backups/:id/download',
  // The Outbox: mail of the whole instance, the Admin group's only (the matrix).
  'GET /api/mail/outbox',
  // Stove codes are unique across factories: the next free number counts every factory's (by design).
  'GET /api/stove-id-batches/next-number',
  'POST /api/users',
  'GET /api/users',
  'GET /api/users/export.csv',
  'GET /api/users/online',
  'GET /api/users/:id',
  'PATCH /api/users/:id',
  'POST /api/users/:id/password',
  'POST /api/users/:id/invitation',
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
  // One zone for the whole company, not a factory's record.
  'PUT /api/company/time-zone',
  'GET /api/partners',
  'GET /api/partners/export.csv',
  'POST /api/partners/import',
  'POST /api/partners',
  'PATCH /api/partners/:id',
  'POST /api/partners/:id/deactivate',
  'POST /api/partners/:id/reactivate',
  // A partner's files: partners are the company's, not a factory's.
  'GET /api/partners/:id/files',
  'POST /api/partners/:id/files',
  'GET /api/partners/:id/files/:fileId',
  'GET /api/partners/:id/files/:fileId/thumbnail',
  'DELETE /api/partners/:id/files/:fileId',
  // CKD categories are master data.
  'GET /api/ckd/categories',
  'GET /api/ckd/categories/options',
  'POST /api/ckd/categories',
  'PATCH /api/ckd/categories/:id',
  'POST /api/ckd/categories/:id/deactivate',
  'POST /api/ckd/categories/:id/reactivate',
  // Steel categories are master data (their list's stock is scoped: see SCOPE).
  'GET /api/steel/categories/options',
  'POST /api/steel/categories',
  'PATCH /api/steel/categories/:id',
  'POST /api/steel/categories/:id/deactivate',
  'POST /api/steel/categories/:id/reactivate',
  // Sales categories, packages and prices are the same for every factory.
  'GET /api/sales/categories',
  'POST /api/sales/categories',
  'PATCH /api/sales/categories/:id',
  'DELETE /api/sales/categories/:id',
  'POST /api/sales/categories/:id/deactivate',
  'POST /api/sales/categories/:id/reactivate',
  'GET /api/sales/packages',
  'GET /api/sales/packages/export.csv',
  'POST /api/sales/packages',
  'PATCH /api/sales/packages/:id',
  'DELETE /api/sales/packages/:id',
  'POST /api/sales/packages/:id/deactivate',
  'POST /api/sales/packages/:id/reactivate',
  'GET /api/sales/options',
  'GET /api/sales/prices',
  'GET /api/sales/prices/export.csv',
  'GET /api/sales/prices/grid',
  'POST /api/sales/prices',
  'DELETE /api/sales/prices/:id',
  'GET /api/sales/orders/prices',
  // Inventory master data (the items list's stock is scoped: see SCOPE).
  'GET /api/inventory/options',
  'GET /api/inventory/categories',
  'POST /api/inventory/categories',
  'PATCH /api/inventory/categories/:id',
  'DELETE /api/inventory/categories/:id',
  'POST /api/inventory/categories/:id/deactivate',
  'POST /api/inventory/categories/:id/reactivate',
  'GET /api/inventory/units',
  'POST /api/inventory/units',
  'PATCH /api/inventory/units/:id',
  'DELETE /api/inventory/units/:id',
  'POST /api/inventory/units/:id/deactivate',
  'POST /api/inventory/units/:id/reactivate',
  'POST /api/inventory/items',
  'PATCH /api/inventory/items/:id',
  'DELETE /api/inventory/items/:id',
  'POST /api/inventory/items/:id/deactivate',
  'POST /api/inventory/items/:id/reactivate',
  // The user's own read marks (which announcements reach them: SCOPE 'GET /api/announcements/mine').
  'GET /api/announcements/mine/unread-count',
  'POST /api/announcements/read-all',
  // The company's documentation is company-wide: the same pages for every factory.
  'GET /api/documentation/pages',
  'GET /api/documentation/search',
  'GET /api/documentation/pages/:slug',
  'GET /api/documentation/pages/:slug/history',
  'GET /api/documentation/pages/:slug/history/:version',
  'POST /api/documentation/pages',
  'PATCH /api/documentation/pages/:slug',
  // App Doc is the user guide shipped with the application: files, no factory's records.
  'GET /api/app-doc',
  'GET /api/app-doc/search',
  'GET /api/app-doc/:slug',
  // The end user import's template: a header line and an example, no factory's records.
  'GET /api/carbon/end-users/template.csv',
  // Partners are master data, the same for every factory.
  'GET /api/carbon/partners',
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
  /** The other factory's code (CSV exports show codes, not ids). */
  otherFactoryCode: string;
  /** A CKD category both factories have kits of, and a stove report of it at each. */
  reportKit: string;
  ownReport: string;
  otherReport: string;
  /** A steel category with stock at the own and the other factory. */
  steelCategory: string;
  /** A daily production report at the own and at the other factory. */
  ownDailyReport: string;
  otherDailyReport: string;
  /** A productivity target of the other factory (scheduled). */
  otherTarget: string;
  /** A CKD category with kits at the own and the other factory, and a kit transfer other → third. */
  ckdKit: string;
  otherCkdTransfer: string;
  /** An inventory item with stock at the own and the other factory. */
  inventoryItem: string;
  /** An input at the own factory and one at the other. */
  ownInventoryEntry: string;
  otherInventoryEntry: string;
  /** A sales order at the own and at the other factory, and a canceled one at the own. */
  ownOrder: string;
  /** The customer of the world's orders. */
  customer: string;
  otherOrder: string;
  ownCanceledOrder: string;
  /** A return note of the own and of the other order. */
  ownReturn: string;
  otherReturn: string;
  /** A future calendar event at the own and at the other factory; own ones for each DELETE probe. */
  ownEvent: string;
  otherEvent: string;
  ownDisposableEvents: string[];
  /** An announcement for the own and for the other factory (everyone there), and an expired own one. */
  ownAnnouncement: string;
  otherAnnouncement: string;
  ownExpiredAnnouncement: string;
  /** Per record kind's address: a record of the own and of the other factory, each with a photo attached. */
  files: Record<string, { ownRecord: string; ownFile: string; otherRecord: string; otherFile: string }>;
  /** A survey draw of the own factory (with one stove, ownDrawCode) and one of the other factory. */
  ownDraw: string;
  ownDrawCode: string;
  otherDraw: string;
}

interface Probe {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: unknown;
}

interface ScopeCase {
  permission: Permission | readonly Permission[] | 'authenticated';
  /** The request on the user's own factory, and the status it gets. */
  own: (w: World) => Probe & { status: number };
  /** The same request on another factory's records, and the refusal it gets. */
  other: (w: World) => Probe & { status: number };
  /** For lists: nothing of the other factory may appear in the answer. */
  leaks?: (w: World) => string;
  /** Only these groups hold the endpoint (beside the permission), e.g. voiding a stove report. */
  groups?: readonly Group[];
}

const SURVEY_RESULT = { method: 'call', surveyedOn: '2026-01-05', reached: false, surveyor: 'Scope probe' };

const SCOPE: Record<string, ScopeCase> = {
  // Usage surveys (issue 26): a factory-scoped user plans, draws and reads their factory's only.
  'GET /api/carbon/surveys/plan': {
    permission: 'carbon-programme',
    own: (w) => ({
      method: 'GET',
      url: `/api/carbon/surveys/plan?from=2000-01-01&to=2999-12-31&factoryId=${w.own}`,
      status: 200,
    }),
    other: (w) => ({
      method: 'GET',
      url: `/api/carbon/surveys/plan?from=2000-01-01&to=2999-12-31&factoryId=${w.other}`,
      status: 200,
    }),
  },
  'GET /api/carbon/surveys/draws': {
    permission: 'carbon-programme',
    own: () => ({ method: 'GET', url: '/api/carbon/surveys/draws', status: 200 }),
    other: () => ({ method: 'GET', url: '/api/carbon/surveys/draws', status: 200 }),
    leaks: (w) => w.otherDraw,
  },
  'POST /api/carbon/surveys/draws': {
    permission: 'carbon-programme',
    // Nothing to sample in 2000 at the own factory: refused for that, not for the scope.
    own: (w) => ({
      method: 'POST',
      url: '/api/carbon/surveys/draws',
      payload: { from: '2000-01-01', to: '2000-12-31', years: [2000], factoryId: w.own },
      status: 400,
    }),
    other: (w) => ({
      method: 'POST',
      url: '/api/carbon/surveys/draws',
      payload: { from: '2000-01-01', to: '2000-12-31', years: [2000], factoryId: w.other },
      status: 403,
    }),
  },
  'GET /api/carbon/surveys/draws/:id': {
    permission: 'carbon-programme',
    own: (w) => ({ method: 'GET', url: `/api/carbon/surveys/draws/${w.ownDraw}`, status: 200 }),
    other: (w) => ({ method: 'GET', url: `/api/carbon/surveys/draws/${w.otherDraw}`, status: 404 }),
  },
  'GET /api/carbon/surveys/draws/:id/call-list.csv': {
    permission: 'carbon-programme',
    own: (w) => ({ method: 'GET', url: `/api/carbon/surveys/draws/${w.ownDraw}/call-list.csv`, status: 200 }),
    other: (w) => ({ method: 'GET', url: `/api/carbon/surveys/draws/${w.otherDraw}/call-list.csv`, status: 404 }),
  },
  'PUT /api/carbon/surveys/draws/:id/results/:code': {
    permission: 'carbon-programme',
    own: (w) => ({
      method: 'PUT',
      url: `/api/carbon/surveys/draws/${w.ownDraw}/results/${w.ownDrawCode}`,
      payload: SURVEY_RESULT,
      status: 200,
    }),
    other: (w) => ({
      method: 'PUT',
      url: `/api/carbon/surveys/draws/${w.otherDraw}/results/${w.ownDrawCode}`,
      payload: SURVEY_RESULT,
      status: 404,
    }),
  },
  'POST /api/carbon/surveys/draws/:id/results/import': {
    permission: 'carbon-programme',
    own: (w) => ({
      method: 'POST',
      url: `/api/carbon/surveys/draws/${w.ownDraw}/results/import`,
      payload: { csv: 'Stove ID,Date,Reached,Surveyor', dryRun: true },
      status: 200,
    }),
    other: (w) => ({
      method: 'POST',
      url: `/api/carbon/surveys/draws/${w.otherDraw}/results/import`,
      payload: { csv: 'Stove ID,Date,Reached,Surveyor', dryRun: true },
      status: 404,
    }),
  },
  'GET /api/carbon/surveys/draws/:id/drop-off': {
    permission: 'carbon-programme',
    own: (w) => ({ method: 'GET', url: `/api/carbon/surveys/draws/${w.ownDraw}/drop-off`, status: 200 }),
    other: (w) => ({ method: 'GET', url: `/api/carbon/surveys/draws/${w.otherDraw}/drop-off`, status: 404 }),
  },
  'GET /api/carbon/surveys/draws/:id/drop-off.csv': {
    permission: 'carbon-programme',
    own: (w) => ({ method: 'GET', url: `/api/carbon/surveys/draws/${w.ownDraw}/drop-off.csv`, status: 200 }),
    other: (w) => ({ method: 'GET', url: `/api/carbon/surveys/draws/${w.otherDraw}/drop-off.csv`, status: 404 }),
  },
  // End users of sold stoves (issue 26): a factory-scoped user registers and sees their factory's only.
  'GET /api/carbon/end-users': {
    permission: 'carbon-programme',
    own: (w) => ({ method: 'GET', url: `/api/carbon/end-users?factoryId=${w.own}`, status: 200 }),
    other: (w) => ({ method: 'GET', url: `/api/carbon/end-users?factoryId=${w.other}`, status: 200 }),
    leaks: (w) => w.other,
  },
  'GET /api/carbon/end-users/export.csv': {
    permission: 'carbon-programme',
    own: () => ({ method: 'GET', url: '/api/carbon/end-users/export.csv', status: 200 }),
    other: (w) => ({ method: 'GET', url: `/api/carbon/end-users/export.csv?factoryId=${w.other}`, status: 200 }),
    leaks: (w) => w.otherFactoryCode,
  },
  // Another factory's stove reads as unknown (the verdict), as if it did not exist.
  'POST /api/carbon/end-users/import': {
    permission: 'carbon-programme',
    own: (w) => ({
      method: 'POST',
      url: '/api/carbon/end-users/import',
      payload: { csv: `Stove ID,Name,Handover date\n${w.ownCode},Scope probe,2026-01-05`, partnerId: w.customer },
      status: 200,
    }),
    other: (w) => ({
      method: 'POST',
      url: '/api/carbon/end-users/import',
      payload: { csv: `Stove ID,Name,Handover date\n${w.otherCode},Scope probe,2026-01-05`, partnerId: w.customer },
      status: 200,
    }),
  },
  // The carbon programme's records (issue 26): the sales of the user's own factory only, whatever factory is asked for.
  ...Object.fromEntries(
    [
      '/api/carbon/sales-record',
      '/api/carbon/sales-record/summary',
      '/api/carbon/sales-record/export.csv',
      '/api/carbon/sales-record/export.xlsx',
    ].map((url): [string, ScopeCase] => [
      `GET ${url}`,
      {
        permission: 'carbon-programme',
        own: (w) => ({ method: 'GET', url: `${url}?from=2020-01-01&to=2029-12-31&factoryId=${w.own}`, status: 200 }),
        other: (w) => ({
          method: 'GET',
          url: `${url}?from=2020-01-01&to=2029-12-31&factoryId=${w.other}`,
          status: 200,
        }),
        // The list names factories by id, the CSV by code; the counts and the workbook (zipped) name none.
        ...(url.endsWith('/sales-record') ? { leaks: (w: World) => w.other } : {}),
        ...(url.endsWith('.csv') ? { leaks: (w: World) => w.otherFactoryCode } : {}),
      },
    ]),
  ),
  'GET /api/carbon/cohorts': {
    permission: 'carbon-programme',
    own: (w) => ({ method: 'GET', url: `/api/carbon/cohorts?factoryId=${w.own}`, status: 200 }),
    other: (w) => ({ method: 'GET', url: `/api/carbon/cohorts?factoryId=${w.other}`, status: 200 }),
  },
  'GET /api/carbon/cohorts/export.csv': {
    permission: 'carbon-programme',
    own: () => ({ method: 'GET', url: '/api/carbon/cohorts/export.csv', status: 200 }),
    other: (w) => ({ method: 'GET', url: `/api/carbon/cohorts/export.csv?factoryId=${w.other}`, status: 200 }),
  },
  // The own stove is in stock (409: not sold); another factory's is unknown (404).
  'POST /api/carbon/end-users': {
    permission: 'carbon-programme',
    own: (w) => ({
      method: 'POST',
      url: '/api/carbon/end-users',
      payload: { code: w.ownCode, name: 'Scope probe', handoverDate: '2026-01-05' },
      status: 409,
    }),
    other: (w) => ({
      method: 'POST',
      url: '/api/carbon/end-users',
      payload: { code: w.otherCode, name: 'Scope probe', handoverDate: '2026-01-05' },
      status: 404,
    }),
  },
  // Every user reads the announcements addressed to them: their factory's, never another's.
  'GET /api/announcements/mine': {
    permission: 'authenticated',
    own: () => ({ method: 'GET', url: '/api/announcements/mine', status: 200 }),
    other: () => ({ method: 'GET', url: '/api/announcements/mine', status: 200 }),
    leaks: (w) => w.otherAnnouncement,
  },
  'POST /api/announcements/:id/read': {
    permission: 'authenticated',
    own: (w) => ({ method: 'POST', url: `/api/announcements/${w.ownAnnouncement}/read`, payload: {}, status: 200 }),
    other: (w) => ({ method: 'POST', url: `/api/announcements/${w.otherAnnouncement}/read`, payload: {}, status: 404 }),
  },
  // A factory-scoped manager (only if granted the permission) manages only their factory's announcements.
  'GET /api/announcements': {
    permission: 'announcement-management',
    own: () => ({ method: 'GET', url: '/api/announcements', status: 200 }),
    other: () => ({ method: 'GET', url: '/api/announcements', status: 200 }),
    leaks: (w) => w.otherAnnouncement,
  },
  'GET /api/announcements/:id': {
    permission: 'announcement-management',
    own: (w) => ({ method: 'GET', url: `/api/announcements/${w.ownAnnouncement}`, status: 200 }),
    other: (w) => ({ method: 'GET', url: `/api/announcements/${w.otherAnnouncement}`, status: 404 }),
  },
  'POST /api/announcements': {
    permission: 'announcement-management',
    own: (w) => ({
      method: 'POST',
      url: '/api/announcements',
      payload: { title: 'Scope probe', body: 'x', audienceFactoryIds: [w.own] },
      status: 201,
    }),
    other: (w) => ({
      method: 'POST',
      url: '/api/announcements',
      payload: { title: 'Scope probe', body: 'x', audienceFactoryIds: [w.other] },
      status: 403,
    }),
  },
  'PATCH /api/announcements/:id': {
    permission: 'announcement-management',
    own: (w) => ({
      method: 'PATCH',
      url: `/api/announcements/${w.ownAnnouncement}`,
      payload: { pinned: true },
      status: 200,
    }),
    other: (w) => ({
      method: 'PATCH',
      url: `/api/announcements/${w.otherAnnouncement}`,
      payload: { pinned: true },
      status: 404,
    }),
  },
  'POST /api/announcements/:id/expire': {
    permission: 'announcement-management',
    // The own one is already expired: past the scope check, the 409 says so.
    own: (w) => ({
      method: 'POST',
      url: `/api/announcements/${w.ownExpiredAnnouncement}/expire`,
      payload: {},
      status: 409,
    }),
    other: (w) => ({
      method: 'POST',
      url: `/api/announcements/${w.otherAnnouncement}/expire`,
      payload: {},
      status: 404,
    }),
  },
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
  // Every user searches (each kind of hit needs its screen's permission: search.test.ts); another
  // factory's stove ID is not found.
  'GET /api/search': {
    permission: 'authenticated',
    own: (w) => ({ method: 'GET', url: `/api/search?q=${w.ownCode}`, status: 200 }),
    other: (w) => ({ method: 'GET', url: `/api/search?q=${w.otherCode}`, status: 200 }),
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
  'GET /api/ckd/report': {
    permission: 'ckd-management',
    own: (w) => ({ method: 'GET', url: `/api/ckd/report?${KIT_RANGE}&factoryId=${w.own}`, status: 200 }),
    other: (w) => ({ method: 'GET', url: `/api/ckd/report?${KIT_RANGE}&factoryId=${w.other}`, status: 200 }),
    leaks: (w) => w.other,
  },
  'GET /api/ckd/report/export.csv': {
    permission: 'ckd-management',
    own: () => ({ method: 'GET', url: `/api/ckd/report/export.csv?${KIT_RANGE}`, status: 200 }),
    other: (w) => ({ method: 'GET', url: `/api/ckd/report/export.csv?${KIT_RANGE}&factoryId=${w.other}`, status: 200 }),
    leaks: (w) => w.otherFactoryCode,
  },
  'GET /api/ckd/factory-report': {
    permission: 'factory-ckd-report',
    own: (w) => ({ method: 'GET', url: `/api/ckd/factory-report?${KIT_RANGE}&factoryId=${w.own}`, status: 200 }),
    other: (w) => ({ method: 'GET', url: `/api/ckd/factory-report?${KIT_RANGE}&factoryId=${w.other}`, status: 403 }),
  },
  'GET /api/ckd/factory-report/export.csv': {
    permission: 'factory-ckd-report',
    own: (w) => ({
      method: 'GET',
      url: `/api/ckd/factory-report/export.csv?${KIT_RANGE}&factoryId=${w.own}`,
      status: 200,
    }),
    other: (w) => ({
      method: 'GET',
      url: `/api/ckd/factory-report/export.csv?${KIT_RANGE}&factoryId=${w.other}`,
      status: 403,
    }),
  },
  'POST /api/stove-reports/check': {
    permission: 'production-management',
    own: (w) => ({ method: 'POST', url: '/api/stove-reports/check', payload: reported(w.own, w), status: 200 }),
    other: (w) => ({ method: 'POST', url: '/api/stove-reports/check', payload: reported(w.other, w), status: 403 }),
  },
  'POST /api/stove-reports': {
    permission: 'production-management',
    // The own case reports nothing: a note of 2,000 characters is refused by validation before scope.
    own: (w) => ({
      method: 'POST',
      url: '/api/stove-reports',
      payload: { ...reported(w.own, w), note: 'x'.repeat(2000) },
      status: 400,
    }),
    other: (w) => ({ method: 'POST', url: '/api/stove-reports', payload: reported(w.other, w), status: 403 }),
  },
  'GET /api/stove-reports': {
    permission: 'production-management',
    own: (w) => ({ method: 'GET', url: `/api/stove-reports?factoryId=${w.own}`, status: 200 }),
    other: (w) => ({ method: 'GET', url: `/api/stove-reports?factoryId=${w.other}`, status: 200 }),
    leaks: (w) => w.otherReport,
  },
  'GET /api/stove-reports/export.csv': {
    permission: 'production-management',
    own: () => ({ method: 'GET', url: '/api/stove-reports/export.csv', status: 200 }),
    other: (w) => ({ method: 'GET', url: `/api/stove-reports/export.csv?factoryId=${w.other}`, status: 200 }),
    leaks: (w) => w.otherFactoryCode,
  },
  'GET /api/stove-reports/couplers': {
    permission: 'production-management',
    own: (w) => ({ method: 'GET', url: `/api/stove-reports/couplers?factoryId=${w.own}`, status: 200 }),
    // The reports of both factories were submitted by the same Admin: the other factory's list is
    // the own one's, so the probe is that the answer is scoped, not that it differs.
    other: (w) => ({ method: 'GET', url: `/api/stove-reports/couplers?factoryId=${w.other}`, status: 200 }),
  },
  'GET /api/stove-reports/:id': {
    permission: 'production-management',
    own: (w) => ({ method: 'GET', url: `/api/stove-reports/${w.ownReport}`, status: 200 }),
    other: (w) => ({ method: 'GET', url: `/api/stove-reports/${w.otherReport}`, status: 404 }),
  },
  'POST /api/stove-reports/:id/void': {
    permission: 'production-management',
    groups: STOVE_REPORT_VOID_GROUPS,
    own: (w) => ({
      method: 'POST',
      url: `/api/stove-reports/${w.ownReport}/void`,
      payload: { reason: 'scope probe' },
      status: 200,
    }),
    other: (w) => ({
      method: 'POST',
      url: `/api/stove-reports/${w.otherReport}/void`,
      payload: { reason: 'scope probe' },
      status: 404,
    }),
  },
  'GET /api/steel/overview': {
    permission: 'steel-management',
    own: (w) => ({ method: 'GET', url: `/api/steel/overview?factoryId=${w.own}`, status: 200 }),
    other: (w) => ({ method: 'GET', url: `/api/steel/overview?factoryId=${w.other}`, status: 200 }),
    leaks: (w) => w.other,
  },
  'GET /api/steel/categories': {
    permission: 'steel-management',
    // The stock shown is the own factory's (1 kg), never the other's (1,000 kg more).
    own: () => ({ method: 'GET', url: '/api/steel/categories', status: 200 }),
    other: () => ({ method: 'GET', url: '/api/steel/categories', status: 200 }),
    leaks: () => '"totalStock":1001',
  },
  'GET /api/steel/records': {
    permission: 'steel-management',
    own: (w) => ({ method: 'GET', url: `/api/steel/records?factoryId=${w.own}`, status: 200 }),
    other: (w) => ({ method: 'GET', url: `/api/steel/records?factoryId=${w.other}`, status: 200 }),
    leaks: (w) => w.other,
  },
  'GET /api/steel/records/export.csv': {
    permission: 'steel-management',
    own: () => ({ method: 'GET', url: '/api/steel/records/export.csv', status: 200 }),
    other: (w) => ({ method: 'GET', url: `/api/steel/records/export.csv?factoryId=${w.other}`, status: 200 }),
    leaks: (w) => w.otherFactoryCode,
  },
  'POST /api/steel/records': {
    permission: 'steel-records',
    // The own case records nothing: a note of 2,000 characters is refused by validation before scope.
    own: (w) => ({
      method: 'POST',
      url: '/api/steel/records',
      payload: { ...steelUse(w.own, w), note: 'x'.repeat(2000) },
      status: 400,
    }),
    other: (w) => ({ method: 'POST', url: '/api/steel/records', payload: steelUse(w.other, w), status: 403 }),
  },
  'POST /api/stove-ids/approve': {
    permission: 'validate-stove-ids',
    own: (w) => ({ method: 'POST', url: '/api/stove-ids/approve', payload: { codes: [w.ownCode] }, status: 409 }),
    other: (w) => ({ method: 'POST', url: '/api/stove-ids/approve', payload: { codes: [w.otherCode] }, status: 409 }),
  },
  'GET /api/ckd/stock': {
    permission: 'ckd-management',
    own: (w) => ({ method: 'GET', url: `/api/ckd/stock?factoryId=${w.own}`, status: 200 }),
    other: (w) => ({ method: 'GET', url: `/api/ckd/stock?factoryId=${w.other}`, status: 200 }),
    leaks: (w) => w.other,
  },
  'GET /api/ckd/transfers': {
    permission: 'ckd-management',
    own: (w) => ({ method: 'GET', url: `/api/ckd/transfers?fromFactoryId=${w.own}`, status: 200 }),
    other: (w) => ({ method: 'GET', url: `/api/ckd/transfers?fromFactoryId=${w.other}`, status: 200 }),
    leaks: (w) => w.otherCkdTransfer,
  },
  'GET /api/ckd/transfers/export.csv': {
    permission: 'ckd-management',
    own: () => ({ method: 'GET', url: '/api/ckd/transfers/export.csv', status: 200 }),
    other: (w) => ({ method: 'GET', url: `/api/ckd/transfers/export.csv?fromFactoryId=${w.other}`, status: 200 }),
    leaks: (w) => w.otherFactoryCode,
  },
  'POST /api/ckd/transfers': {
    permission: ['ckd-transfer', 'transfer-ckd-to-factory'],
    own: (w) => ({ method: 'POST', url: '/api/ckd/transfers', payload: kitsSent(w.own, w), status: 201 }),
    other: (w) => ({ method: 'POST', url: '/api/ckd/transfers', payload: kitsSent(w.other, w), status: 403 }),
  },
  // No factory-scoped group records produced kits by default (ckd-produced-records.test.ts grants
  // one and proves the scope); the cases stand for a group given the permission in the table.
  'GET /api/ckd/produced-records': {
    permission: 'produced-ckd-records',
    own: (w) => ({ method: 'GET', url: `/api/ckd/produced-records?factoryId=${w.own}`, status: 200 }),
    other: (w) => ({ method: 'GET', url: `/api/ckd/produced-records?factoryId=${w.other}`, status: 200 }),
    leaks: (w) => w.other,
  },
  'GET /api/ckd/produced-records/export.csv': {
    permission: 'produced-ckd-records',
    own: () => ({ method: 'GET', url: '/api/ckd/produced-records/export.csv', status: 200 }),
    other: (w) => ({ method: 'GET', url: `/api/ckd/produced-records/export.csv?factoryId=${w.other}`, status: 200 }),
    leaks: (w) => w.otherFactoryCode,
  },
  'POST /api/ckd/produced-records': {
    permission: 'produced-ckd-records',
    own: (w) => ({
      method: 'POST',
      url: '/api/ckd/produced-records',
      payload: { factoryId: w.own, categoryId: w.ckdKit, quantity: 1, date: '2025-06-01', note: 'x'.repeat(2000) },
      status: 400,
    }),
    other: (w) => ({
      method: 'POST',
      url: '/api/ckd/produced-records',
      payload: { factoryId: w.other, categoryId: w.ckdKit, quantity: 1, date: '2025-06-01' },
      status: 403,
    }),
  },
  'GET /api/daily-production-reports': {
    permission: 'production-management',
    own: (w) => ({ method: 'GET', url: `/api/daily-production-reports?factoryId=${w.own}`, status: 200 }),
    other: (w) => ({ method: 'GET', url: `/api/daily-production-reports?factoryId=${w.other}`, status: 200 }),
    leaks: (w) => w.otherDailyReport,
  },
  'GET /api/daily-production-reports/export.csv': {
    permission: 'production-management',
    own: () => ({ method: 'GET', url: '/api/daily-production-reports/export.csv', status: 200 }),
    other: (w) => ({
      method: 'GET',
      url: `/api/daily-production-reports/export.csv?factoryId=${w.other}`,
      status: 200,
    }),
    leaks: (w) => w.otherFactoryCode,
  },
  'GET /api/daily-production-reports/:id': {
    permission: 'production-management',
    own: (w) => ({ method: 'GET', url: `/api/daily-production-reports/${w.ownDailyReport}`, status: 200 }),
    other: (w) => ({ method: 'GET', url: `/api/daily-production-reports/${w.otherDailyReport}`, status: 404 }),
  },
  'POST /api/daily-production-reports': {
    permission: 'production-management',
    own: (w) => ({ method: 'POST', url: '/api/daily-production-reports', payload: dailyReport(w.own), status: 201 }),
    other: (w) => ({
      method: 'POST',
      url: '/api/daily-production-reports',
      payload: dailyReport(w.other),
      status: 403,
    }),
  },
  'PATCH /api/daily-production-reports/:id': {
    permission: 'production-management',
    own: (w) => ({
      method: 'PATCH',
      url: `/api/daily-production-reports/${w.ownDailyReport}`,
      payload: { notes: 'scope probe' },
      status: 200,
    }),
    other: (w) => ({
      method: 'PATCH',
      url: `/api/daily-production-reports/${w.otherDailyReport}`,
      payload: { notes: 'scope probe' },
      status: 404,
    }),
  },
  'GET /api/productivity/targets': {
    permission: ['productivity-settings', 'productivity-tracker'],
    // The default's targets and the own factory's, never the other factory's.
    own: () => ({ method: 'GET', url: '/api/productivity/targets', status: 200 }),
    other: () => ({ method: 'GET', url: '/api/productivity/targets', status: 200 }),
    leaks: (w) => w.otherTarget,
  },
  'POST /api/productivity/targets': {
    permission: 'productivity-settings',
    own: (w) => ({ method: 'POST', url: '/api/productivity/targets', payload: productivityTarget(w.own), status: 201 }),
    other: (w) => ({
      method: 'POST',
      url: '/api/productivity/targets',
      payload: productivityTarget(w.other),
      status: 403,
    }),
  },
  'DELETE /api/productivity/targets/:id': {
    permission: 'productivity-settings',
    own: () => ({
      method: 'DELETE',
      url: '/api/productivity/targets/00000000-0000-4000-8000-000000000000',
      status: 404,
    }),
    other: (w) => ({ method: 'DELETE', url: `/api/productivity/targets/${w.otherTarget}`, status: 404 }),
  },
  'GET /api/productivity/tracker': {
    permission: 'productivity-tracker',
    own: (w) => ({ method: 'GET', url: `/api/productivity/tracker?${DAILY_RANGE}&factoryId=${w.own}`, status: 200 }),
    other: (w) => ({
      method: 'GET',
      url: `/api/productivity/tracker?${DAILY_RANGE}&factoryId=${w.other}`,
      status: 200,
    }),
    leaks: (w) => w.otherFactoryCode,
  },
  'GET /api/inventory/stock': {
    permission: 'inventory-management',
    own: (w) => ({ method: 'GET', url: `/api/inventory/stock?factoryId=${w.own}`, status: 200 }),
    other: (w) => ({ method: 'GET', url: `/api/inventory/stock?factoryId=${w.other}`, status: 200 }),
    leaks: (w) => w.other,
  },
  'GET /api/inventory/stock/export.csv': {
    permission: 'inventory-management',
    own: () => ({ method: 'GET', url: '/api/inventory/stock/export.csv', status: 200 }),
    other: (w) => ({ method: 'GET', url: `/api/inventory/stock/export.csv?factoryId=${w.other}`, status: 200 }),
    leaks: (w) => w.otherFactoryCode,
  },
  'GET /api/inventory/items': {
    permission: 'inventory-management',
    // The stock shown is the own factory's, never the other's 777 units.
    own: () => ({ method: 'GET', url: '/api/inventory/items', status: 200 }),
    other: () => ({ method: 'GET', url: '/api/inventory/items', status: 200 }),
    leaks: () => '"totalStock":777',
  },
  'GET /api/inventory/items/export.csv': {
    permission: 'inventory-management',
    own: () => ({ method: 'GET', url: '/api/inventory/items/export.csv', status: 200 }),
    other: () => ({ method: 'GET', url: '/api/inventory/items/export.csv', status: 200 }),
    leaks: () => ',777,',
  },
  'POST /api/inventory/inputs': {
    permission: 'inventory-management',
    own: (w) => ({ method: 'POST', url: '/api/inventory/inputs', payload: inventoryInput(w.own, w), status: 201 }),
    other: (w) => ({ method: 'POST', url: '/api/inventory/inputs', payload: inventoryInput(w.other, w), status: 403 }),
  },
  'POST /api/inventory/removals': {
    permission: 'inventory-management',
    // The own case removes nothing: a note of 2,000 characters is refused by validation before scope.
    own: (w) => ({
      method: 'POST',
      url: '/api/inventory/removals',
      payload: { ...inventoryRemoval(w.own, w), note: 'x'.repeat(2000) },
      status: 400,
    }),
    other: (w) => ({
      method: 'POST',
      url: '/api/inventory/removals',
      payload: inventoryRemoval(w.other, w),
      status: 403,
    }),
  },
  'POST /api/inventory/transfers': {
    permission: 'inventory-management',
    own: (w) => ({ method: 'POST', url: '/api/inventory/transfers', payload: inventorySent(w.own, w), status: 201 }),
    other: (w) => ({
      method: 'POST',
      url: '/api/inventory/transfers',
      payload: inventorySent(w.other, w),
      status: 403,
    }),
  },
  'GET /api/inventory/entries': {
    permission: 'inventory-management',
    own: (w) => ({ method: 'GET', url: `/api/inventory/entries?factoryId=${w.own}`, status: 200 }),
    other: (w) => ({ method: 'GET', url: `/api/inventory/entries?factoryId=${w.other}`, status: 200 }),
    leaks: (w) => w.otherInventoryEntry,
  },
  'GET /api/inventory/entries/export.csv': {
    permission: 'inventory-management',
    own: () => ({ method: 'GET', url: '/api/inventory/entries/export.csv', status: 200 }),
    other: (w) => ({ method: 'GET', url: `/api/inventory/entries/export.csv?factoryId=${w.other}`, status: 200 }),
    leaks: (w) => w.otherFactoryCode,
  },
  'GET /api/inventory/entries/:id': {
    permission: 'inventory-management',
    own: (w) => ({ method: 'GET', url: `/api/inventory/entries/${w.ownInventoryEntry}`, status: 200 }),
    other: (w) => ({ method: 'GET', url: `/api/inventory/entries/${w.otherInventoryEntry}`, status: 404 }),
  },
  'GET /api/inventory/movements': {
    permission: 'inventory-management',
    own: (w) => ({ method: 'GET', url: `/api/inventory/movements?factoryId=${w.own}`, status: 200 }),
    other: (w) => ({ method: 'GET', url: `/api/inventory/movements?factoryId=${w.other}`, status: 200 }),
    leaks: (w) => w.other,
  },
  'GET /api/inventory/movements/export.csv': {
    permission: 'inventory-management',
    own: () => ({ method: 'GET', url: '/api/inventory/movements/export.csv', status: 200 }),
    other: (w) => ({ method: 'GET', url: `/api/inventory/movements/export.csv?factoryId=${w.other}`, status: 200 }),
    leaks: (w) => w.otherFactoryCode,
  },
  'GET /api/sales/overview': {
    permission: 'sales-management',
    own: () => ({ method: 'GET', url: '/api/sales/overview', status: 200 }),
    other: () => ({ method: 'GET', url: '/api/sales/overview', status: 200 }),
    leaks: (w) => w.other,
  },
  'GET /api/sales/orders': {
    permission: ['sales-order', 'sales-management'],
    own: (w) => ({ method: 'GET', url: `/api/sales/orders?factoryId=${w.own}`, status: 200 }),
    other: (w) => ({ method: 'GET', url: `/api/sales/orders?factoryId=${w.other}`, status: 200 }),
    leaks: (w) => w.otherOrder,
  },
  'GET /api/sales/orders/export.csv': {
    permission: ['sales-order', 'sales-management'],
    own: () => ({ method: 'GET', url: '/api/sales/orders/export.csv', status: 200 }),
    other: (w) => ({ method: 'GET', url: `/api/sales/orders/export.csv?factoryId=${w.other}`, status: 200 }),
    leaks: (w) => w.otherFactoryCode,
  },
  'POST /api/sales/orders/check': {
    permission: 'sales-order',
    own: (w) => ({
      method: 'POST',
      url: '/api/sales/orders/check',
      payload: { factoryId: w.own, codes: [w.ownCode] },
      status: 200,
    }),
    other: (w) => ({
      method: 'POST',
      url: '/api/sales/orders/check',
      payload: { factoryId: w.other, codes: [w.otherCode] },
      status: 403,
    }),
  },
  'POST /api/sales/orders': {
    permission: 'sales-order',
    // The own case sells nothing: past the factory's scope, the customer (unknown) is refused.
    own: (w) => ({ method: 'POST', url: '/api/sales/orders', payload: probeOrder(w.own, w), status: 400 }),
    other: (w) => ({ method: 'POST', url: '/api/sales/orders', payload: probeOrder(w.other, w), status: 403 }),
  },
  'GET /api/sales/orders/:id': {
    permission: ['sales-order', 'sales-management'],
    own: (w) => ({ method: 'GET', url: `/api/sales/orders/${w.ownOrder}`, status: 200 }),
    other: (w) => ({ method: 'GET', url: `/api/sales/orders/${w.otherOrder}`, status: 404 }),
  },
  'POST /api/sales/orders/:id/cancel': {
    permission: 'sales-management',
    // The own order is already canceled: past the scope check, the 409 says so (and every group gets it).
    own: (w) => ({
      method: 'POST',
      url: `/api/sales/orders/${w.ownCanceledOrder}/cancel`,
      payload: { reason: 'scope probe' },
      status: 409,
    }),
    other: (w) => ({
      method: 'POST',
      url: `/api/sales/orders/${w.otherOrder}/cancel`,
      payload: { reason: 'scope probe' },
      status: 404,
    }),
  },
  'POST /api/sales/orders/:id/returns': {
    permission: 'sales-management',
    // The own order is canceled: past the scope check, the 409 says so (and every group gets it).
    own: (w) => ({
      method: 'POST',
      url: `/api/sales/orders/${w.ownCanceledOrder}/returns`,
      payload: { codes: [w.ownCode], reason: 'scope probe' },
      status: 409,
    }),
    other: (w) => ({
      method: 'POST',
      url: `/api/sales/orders/${w.otherOrder}/returns`,
      payload: { codes: [w.otherCode], reason: 'scope probe' },
      status: 404,
    }),
  },
  'GET /api/sales/returns': {
    permission: ['sales-order', 'sales-management'],
    own: (w) => ({ method: 'GET', url: `/api/sales/returns?factoryId=${w.own}`, status: 200 }),
    other: (w) => ({ method: 'GET', url: `/api/sales/returns?factoryId=${w.other}`, status: 200 }),
    leaks: (w) => w.otherReturn,
  },
  'GET /api/sales/returns/export.csv': {
    permission: ['sales-order', 'sales-management'],
    own: () => ({ method: 'GET', url: '/api/sales/returns/export.csv', status: 200 }),
    other: (w) => ({ method: 'GET', url: `/api/sales/returns/export.csv?factoryId=${w.other}`, status: 200 }),
    leaks: (w) => w.otherFactoryCode,
  },
  'GET /api/sales/returns/:id': {
    permission: ['sales-order', 'sales-management'],
    own: (w) => ({ method: 'GET', url: `/api/sales/returns/${w.ownReturn}`, status: 200 }),
    other: (w) => ({ method: 'GET', url: `/api/sales/returns/${w.otherReturn}`, status: 404 }),
  },
  // No scoped group holds admin-dashboard by default (a holder would be narrowed to their factory:
  // dashboards.test.ts); the factory dashboard shows the own factory whatever is asked.
  'GET /api/dashboards/admin': {
    permission: 'admin-dashboard',
    own: (w) => ({ method: 'GET', url: `/api/dashboards/admin?factoryId=${w.own}`, status: 200 }),
    other: (w) => ({ method: 'GET', url: `/api/dashboards/admin?factoryId=${w.other}`, status: 200 }),
    leaks: (w) => w.other,
  },
  'GET /api/dashboards/factory': {
    permission: 'factory-dashboard',
    own: () => ({ method: 'GET', url: '/api/dashboards/factory', status: 200 }),
    other: (w) => ({ method: 'GET', url: `/api/dashboards/factory?factoryId=${w.other}`, status: 200 }),
    leaks: (w) => w.other,
  },
  // Grouped by factory: the other factory's sale would show as its own group (id, or code in the CSV).
  'GET /api/sales/report': {
    permission: 'sales-report',
    own: (w) => ({ method: 'GET', url: `/api/sales/report?${SALES_RANGE}&factoryId=${w.own}`, status: 200 }),
    other: (w) => ({ method: 'GET', url: `/api/sales/report?${SALES_RANGE}&factoryId=${w.other}`, status: 200 }),
    leaks: (w) => w.other,
  },
  'GET /api/sales/report/export.csv': {
    permission: 'sales-report',
    own: () => ({ method: 'GET', url: `/api/sales/report/export.csv?${SALES_RANGE}`, status: 200 }),
    other: (w) => ({
      method: 'GET',
      url: `/api/sales/report/export.csv?${SALES_RANGE}&factoryId=${w.other}`,
      status: 200,
    }),
    leaks: (w) => w.otherFactoryCode,
  },
  // Company-wide events and the own factory's; changes only to the own factory's.
  'GET /api/calendar/events': {
    permission: 'calendar-management',
    own: (w) => ({ method: 'GET', url: `/api/calendar/events?${CALENDAR_RANGE}&factoryId=${w.own}`, status: 200 }),
    other: (w) => ({ method: 'GET', url: `/api/calendar/events?${CALENDAR_RANGE}&factoryId=${w.other}`, status: 200 }),
    leaks: (w) => w.otherEvent,
  },
  'GET /api/calendar/upcoming': {
    permission: 'calendar-management',
    own: (w) => ({ method: 'GET', url: `/api/calendar/upcoming?limit=50&factoryId=${w.own}`, status: 200 }),
    other: (w) => ({ method: 'GET', url: `/api/calendar/upcoming?limit=50&factoryId=${w.other}`, status: 200 }),
    leaks: (w) => w.otherEvent,
  },
  'GET /api/calendar/events/:id': {
    permission: 'calendar-management',
    own: (w) => ({ method: 'GET', url: `/api/calendar/events/${w.ownEvent}`, status: 200 }),
    other: (w) => ({ method: 'GET', url: `/api/calendar/events/${w.otherEvent}`, status: 404 }),
  },
  'POST /api/calendar/events': {
    permission: 'calendar-management',
    own: (w) => ({ method: 'POST', url: '/api/calendar/events', payload: calendarEvent(w.own), status: 201 }),
    other: (w) => ({ method: 'POST', url: '/api/calendar/events', payload: calendarEvent(w.other), status: 403 }),
  },
  'PATCH /api/calendar/events/:id': {
    permission: 'calendar-management',
    own: (w) => ({
      method: 'PATCH',
      url: `/api/calendar/events/${w.ownEvent}`,
      payload: { title: 'Probe' },
      status: 200,
    }),
    other: (w) => ({
      method: 'PATCH',
      url: `/api/calendar/events/${w.otherEvent}`,
      payload: { title: 'Probe' },
      status: 404,
    }),
  },
  'POST /api/calendar/events/:id/move': {
    permission: 'calendar-management',
    own: (w) => ({
      method: 'POST',
      url: `/api/calendar/events/${w.ownEvent}/move`,
      payload: { startsAt: calendarEvent(w.own).startsAt },
      status: 200,
    }),
    other: (w) => ({
      method: 'POST',
      url: `/api/calendar/events/${w.otherEvent}/move`,
      payload: { startsAt: calendarEvent(w.own).startsAt },
      status: 404,
    }),
  },
  'DELETE /api/calendar/events/:id': {
    permission: 'calendar-management',
    own: (w) => ({ method: 'DELETE', url: `/api/calendar/events/${w.ownDisposableEvents.shift() ?? ''}`, status: 204 }),
    other: (w) => ({ method: 'DELETE', url: `/api/calendar/events/${w.otherEvent}`, status: 404 }),
  },
  ...fileScope('/api/stove-transfers', 'stove-id-management', 'stove-id-management'),
  ...fileScope('/api/stove-reports', 'production-management', 'production-management'),
  ...fileScope('/api/sales/orders', ['sales-order', 'sales-management'], 'sales-order'),
  ...fileScope('/api/sales/returns', ['sales-order', 'sales-management'], 'sales-order'),
  ...fileScope('/api/ckd/transfers', 'ckd-management', ['ckd-transfer', 'transfer-ckd-to-factory']),
  ...fileScope('/api/inventory/entries', 'inventory-management', 'inventory-management'),
  ...fileScope('/api/steel/records', 'steel-management', 'steel-records'),
  // Its readers too: the own factory's announcement reaches them, the other's does not.
  ...fileScope('/api/announcements', 'authenticated', 'announcement-management'),
};

/**
 * The files of a record kind: the own factory's record lists and gives its file (a JSON body to
 * upload: 400, past the scope check), another factory's answers 404 as the record itself does.
 */
function fileScope(
  base: string,
  view: Permission | readonly Permission[] | 'authenticated',
  edit: Permission | readonly Permission[],
): Record<string, ScopeCase> {
  const f = (w: World) => {
    const found = w.files[base];
    if (!found) throw new Error(`no file world for ${base}`);
    return found;
  };
  const unknownFile = '00000000-0000-4000-8000-000000000000';
  return {
    [`GET ${base}/:id/files`]: {
      permission: view,
      own: (w) => ({ method: 'GET', url: `${base}/${f(w).ownRecord}/files`, status: 200 }),
      other: (w) => ({ method: 'GET', url: `${base}/${f(w).otherRecord}/files`, status: 404 }),
    },
    [`POST ${base}/:id/files`]: {
      permission: edit,
      own: (w) => ({ method: 'POST', url: `${base}/${f(w).ownRecord}/files`, payload: {}, status: 400 }),
      other: (w) => ({ method: 'POST', url: `${base}/${f(w).otherRecord}/files`, payload: {}, status: 404 }),
    },
    [`GET ${base}/:id/files/:fileId`]: {
      permission: view,
      own: (w) => ({ method: 'GET', url: `${base}/${f(w).ownRecord}/files/${f(w).ownFile}`, status: 200 }),
      other: (w) => ({ method: 'GET', url: `${base}/${f(w).otherRecord}/files/${f(w).otherFile}`, status: 404 }),
    },
    [`GET ${base}/:id/files/:fileId/thumbnail`]: {
      permission: view,
      own: (w) => ({ method: 'GET', url: `${base}/${f(w).ownRecord}/files/${f(w).ownFile}/thumbnail`, status: 200 }),
      other: (w) => ({
        method: 'GET',
        url: `${base}/${f(w).otherRecord}/files/${f(w).otherFile}/thumbnail`,
        status: 404,
      }),
    },
    [`DELETE ${base}/:id/files/:fileId`]: {
      permission: edit,
      own: (w) => ({ method: 'DELETE', url: `${base}/${f(w).ownRecord}/files/${unknownFile}`, status: 404 }),
      other: (w) => ({ method: 'DELETE', url: `${base}/${f(w).otherRecord}/files/${f(w).otherFile}`, status: 404 }),
    },
  };
}

/** The calendar probes' window: the next 60 days, which hold the world's events. */
const CALENDAR_RANGE = `from=${new Date().toISOString()}&to=${new Date(Date.now() + 60 * 86_400_000).toISOString()}`;
/** A one-hour event at a factory ten days from now. */
const calendarEvent = (factoryId: string) => {
  const startsAt = new Date(Date.now() + 10 * 86_400_000);
  return {
    title: 'Scope probe',
    category: 'meeting' as const,
    factoryId,
    startsAt: startsAt.toISOString(),
    endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString(),
  };
};

/** One unit of the world's inventory item received, removed or sent (to the third factory) at a factory. */
const inventoryLine = (w: World) => ({ itemId: w.inventoryItem, quantity: 1 });
const inventoryInput = (factoryId: string, w: World) => ({
  date: new Date().toISOString().slice(0, 10),
  factoryId,
  lines: [inventoryLine(w)],
});
const inventoryRemoval = (factoryId: string, w: World) => ({
  date: new Date().toISOString().slice(0, 10),
  factoryId,
  lines: [{ ...inventoryLine(w), reason: 'used' }],
});
const inventorySent = (fromFactoryId: string, w: World) => ({
  date: new Date().toISOString().slice(0, 10),
  fromFactoryId,
  toFactoryId: w.third,
  lines: [inventoryLine(w)],
});

/** One kit of the world's CKD category sent from a factory to the third one. */
const kitsSent = (fromFactoryId: string, w: World) => ({
  fromFactoryId,
  toFactoryId: w.third,
  lines: [{ categoryId: w.ckdKit, quantity: 1 }],
  date: new Date().toISOString().slice(0, 10),
});

/** The daily reports' range in the scope probes. */
const DAILY_DAY = '2025-07-01';
const DAILY_RANGE = 'period=day&from=2025-07-01&to=2025-07-31';
/** A daily report of a day of its own per call (one report per factory and day). */
const dailyReport = (factoryId: string) => ({
  factoryId,
  date: `2025-07-${String(2 + (serial++ % 28)).padStart(2, '0')}`,
  couplersPresent: 3,
  hoursWorked: 8,
  defects: 0,
  downtimeMinutes: 0,
});
/** A target of a day of its own per call, next year. */
const productivityTarget = (factoryId: string) => ({
  factoryId,
  effectiveFrom: `${new Date().getUTCFullYear() + 1}-01-${String(1 + (serial++ % 28)).padStart(2, '0')}`,
  stovesPerCouplerPerDay: 10,
  hoursPerDay: 8,
});

/** An order for one of the world's stove IDs to a customer that does not exist. */
const probeOrder = (factoryId: string, w: World) => ({
  date: new Date().toISOString().slice(0, 10),
  factoryId,
  customerId: '00000000-0000-4000-8000-000000000001',
  lines: [{ packageId: '00000000-0000-4000-8000-000000000002', quantity: 1 }],
  codes: [factoryId === w.own ? w.ownCode : w.otherCode],
  buyerName: 'Scope probe',
});

/** The sales report's range in the scope probes: it holds a sale at the own and at the other factory. */
const SALES_DAY = '2025-08-14';
const SALES_RANGE = 'from=2025-08-01&to=2025-08-31&groupBy=factory';

/** The CKD reports' range in the scope probes: it holds the kits given to both factories. */
const KIT_DAY = '2025-06-15';
const KIT_RANGE = 'from=2025-06-01&to=2025-06-30';

let serial = 0;
const batch = (factoryId: string) => ({
  factoryId,
  prefix: 'SCOPE',
  firstNumber: 100 + serial++ * 10,
  count: 2,
  width: 7,
});
const imported = (factoryId: string) => ({ factoryId, codes: [`SCOPE-IMP-${serial++}`] });
/** A stove report (or its check) at a factory, of a code of the user's own factory. */
const reported = (factoryId: string, w: World) => ({
  factoryId,
  categoryId: w.reportKit,
  date: new Date().toISOString().slice(0, 10),
  codes: [w.ownCode],
});
const sent = (fromFactoryId: string, toFactoryId: string, code: string) => ({
  fromFactoryId,
  toFactoryId,
  codes: [code],
});

/** One kg of the world's steel used at a factory. */
const steelUse = (factoryId: string, w: World) => ({
  date: new Date().toISOString().slice(0, 10),
  factoryId,
  categoryId: w.steelCategory,
  kind: 'used',
  quantity: 1,
});

const SCOPED_GROUPS = GROUPS.filter((g) => !isGlobalUser([g]));

function groupHolds(group: Group, permission: Permission | readonly Permission[] | 'authenticated'): boolean {
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
      otherFactoryCode: other.code,
      reportKit: '',
      ownReport: '',
      otherReport: '',
      steelCategory: '',
      ownDailyReport: '',
      otherDailyReport: '',
      otherTarget: '',
      ckdKit: '',
      otherCkdTransfer: '',
      inventoryItem: '',
      ownInventoryEntry: '',
      otherInventoryEntry: '',
      ownOrder: '',
      customer: '',
      otherOrder: '',
      ownCanceledOrder: '',
      ownReturn: '',
      otherReturn: '',
      ownEvent: '',
      otherEvent: '',
      ownDisposableEvents: [],
      ownAnnouncement: '',
      otherAnnouncement: '',
      ownExpiredAnnouncement: '',
      files: {},
      ownDraw: '',
      ownDrawCode: '',
      otherDraw: '',
    };
    const kit = await makeCkdCategory(ctx.handle.db);
    for (const factoryId of [own.id, other.id]) {
      await giveKits(ctx.handle.db, { factoryId, categoryId: kit.id, quantity: 5, date: KIT_DAY });
    }
    const reportKit = await makeCkdCategory(ctx.handle.db);
    const report = async (factoryId: string) => {
      await giveKits(ctx.handle.db, { factoryId, categoryId: reportKit.id, quantity: 1 });
      const ids = await makeStoveIds(ctx.handle.db, { factoryId, count: 1 });
      const date = new Date().toISOString().slice(0, 10);
      return (
        await submitReport(ctx.handle.db, actor, {
          factoryId,
          categoryId: reportKit.id,
          date,
          codes: ids.codes,
          note: null,
        })
      ).id;
    };
    world.reportKit = reportKit.id;
    world.ownReport = await report(own.id);
    world.otherReport = await report(other.id);
    const steel = await makeSteelCategory(ctx.handle.db);
    await giveSteel(ctx.handle.db, { factoryId: own.id, categoryId: steel.id, quantity: 1 });
    await giveSteel(ctx.handle.db, { factoryId: other.id, categoryId: steel.id, quantity: 1000 });
    world.steelCategory = steel.id;
    const daily = async (factoryId: string) =>
      (
        await createDailyReport(ctx.handle.db, actor, {
          factoryId,
          date: DAILY_DAY,
          couplersPresent: 4,
          hoursWorked: 8,
          defects: 0,
          downtimeMinutes: 0,
          notes: null,
        })
      ).id;
    world.ownDailyReport = await daily(own.id);
    world.otherDailyReport = await daily(other.id);
    world.otherTarget = (
      await createTarget(ctx.handle.db, actor, {
        factoryId: other.id,
        effectiveFrom: `${new Date().getUTCFullYear() + 2}-01-01`,
        stovesPerCouplerPerDay: 10,
        hoursPerDay: 8,
      })
    ).id;
    const ckdKit = await makeCkdCategory(ctx.handle.db);
    for (const factoryId of [own.id, other.id]) {
      await giveKits(ctx.handle.db, { factoryId, categoryId: ckdKit.id, quantity: 20 });
    }
    world.ckdKit = ckdKit.id;
    world.otherCkdTransfer = (
      await createCkdTransfer(ctx.handle.db, actor, {
        fromFactoryId: other.id,
        toFactoryId: third.id,
        lines: [{ categoryId: ckdKit.id, quantity: 1 }],
        date: new Date().toISOString().slice(0, 10),
        note: null,
      })
    ).id;
    const inventoryItem = await makeInventoryItem(ctx.handle.db);
    world.inventoryItem = inventoryItem.id;
    world.ownInventoryEntry = (
      await giveInventory(ctx.handle.db, { factoryId: own.id, itemId: inventoryItem.id, quantity: 5 })
    ).entryId;
    world.otherInventoryEntry = (
      await giveInventory(ctx.handle.db, { factoryId: other.id, itemId: inventoryItem.id, quantity: 1000 })
    ).entryId;
    const otherOnly = await makeInventoryItem(ctx.handle.db);
    await giveInventory(ctx.handle.db, { factoryId: other.id, itemId: otherOnly.id, quantity: 777 });
    const salesPackage = await makeSalesPackage(ctx.handle.db);
    const salesCategory = await makeSalesCategory(ctx.handle.db);
    const customer = await makeCustomer(ctx.handle.db);
    const sale = (factoryId: string, canceled = false) =>
      recordSale(ctx.handle.db, {
        date: SALES_DAY,
        factoryId,
        customerId: customer.id,
        categoryId: salesCategory.id,
        sellerId: admin.id,
        lines: [{ packageId: salesPackage.id, quantity: 2, unitPrice: 3500 }],
        canceled,
      });
    world.customer = customer.id;
    world.ownOrder = await sale(own.id);
    world.otherOrder = await sale(other.id);
    world.ownCanceledOrder = await sale(own.id, true);
    const draw = async (factoryId: string, orderId: string, code: string) => {
      const [row] = await queryRows<{ id: string; code: string }>(
        ctx.handle.db,
        sql`with registration as (
              insert into end_user_registrations (stove_id_id, order_id, kind, name, handover_date, source)
              select si.id, ${orderId}, 'household', 'Scope probe', ${SALES_DAY}, 'form'
                from stove_ids si where si.code = ${code}
              returning id, stove_id_id
            ), d as (
              insert into survey_draws (period_from, period_to, factory_id, confidence, precision, seed, cohorts)
              values (${SALES_DAY}, ${SALES_DAY}, ${factoryId}, 90, 10, 1,
                      '[{"year": 2025, "population": 1, "sampleSize": 1}]'::jsonb)
              returning id
            ), m as (
              insert into survey_draw_members (draw_id, stove_id_id, registration_id, cohort, position)
              select d.id, r.stove_id_id, r.id, 2025, 1 from d, registration r
            )
            select d.id, si.code from d, registration r join stove_ids si on si.id = r.stove_id_id`,
      );
      if (!row) throw new Error('no survey draw');
      return row;
    };
    const ownDraw = await draw(own.id, world.ownOrder, world.ownCode);
    world.ownDraw = ownDraw.id;
    world.ownDrawCode = ownDraw.code;
    world.otherDraw = (await draw(other.id, world.otherOrder, world.otherCode)).id;
    const today = new Date().toISOString().slice(0, 10);
    world.ownReturn = await recordReturn(ctx.handle.db, { orderId: world.ownOrder, date: today, stoves: 1, credit: 1 });
    world.otherReturn = await recordReturn(ctx.handle.db, {
      orderId: world.otherOrder,
      date: today,
      stoves: 1,
      credit: 1,
    });
    const event = async (factoryId: string) =>
      (await createEvent(ctx.handle.db, actor, { ...calendarEvent(factoryId), allDay: false, description: null })).id;
    world.ownEvent = await event(own.id);
    world.otherEvent = await event(other.id);
    for (let i = 0; i < SCOPED_GROUPS.length; i++) world.ownDisposableEvents.push(await event(own.id));
    const announcement = async (factoryId: string) =>
      (
        await createAnnouncement(ctx.handle.db, actor, {
          title: 'Scope probe',
          body: 'x',
          audienceGroups: [],
          audienceFactoryIds: [factoryId],
          pinned: false,
        })
      ).id;
    world.ownAnnouncement = await announcement(own.id);
    world.otherAnnouncement = await announcement(other.id);
    world.ownExpiredAnnouncement = await announcement(own.id);
    await expireAnnouncement(ctx.handle.db, actor, world.ownExpiredAnnouncement);
    // A record of the own and of the other factory per kind, each with a photo attached.
    const store = new LocalFileStore(ctx.config.filesDir);
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#808080' } })
      .png()
      .toBuffer();
    const attach = async (kind: AttachmentKind, recordId: string) => {
      const parts = (async function* () {
        yield { filename: 'probe.png', file: Readable.from([photo]) };
      })();
      const [made] = await uploadAttachments(ctx.handle.db, store, actor, kind, recordId, parts);
      if (!made) throw new Error('no file attached');
      return made.id;
    };
    const ownTransfer = await sendTransfer(ctx.handle.db, actor, {
      fromFactoryId: own.id,
      toFactoryId: third.id,
      codes: (await makeStoveIds(ctx.handle.db, { factoryId: own.id, count: 1 })).codes,
      note: null,
    });
    const ownCkdTransfer = await createCkdTransfer(ctx.handle.db, actor, {
      fromFactoryId: own.id,
      toFactoryId: third.id,
      lines: [{ categoryId: ckdKit.id, quantity: 1 }],
      date: new Date().toISOString().slice(0, 10),
      note: null,
    });
    const steelRecord = async (factoryId: string) =>
      String(
        (
          await createSteelRecord(ctx.handle.db, actor, {
            date: new Date().toISOString().slice(0, 10),
            factoryId,
            categoryId: world.steelCategory,
            kind: 'received',
            quantity: 1,
            supplier: null,
            unitCost: null,
            reference: null,
            note: null,
          })
        ).id,
      );
    const fileRecords: [string, AttachmentKind, string, string][] = [
      ['/api/stove-transfers', 'stove-transfer', ownTransfer.id, world.otherTransfer],
      ['/api/stove-reports', 'stove-report', world.ownReport, world.otherReport],
      ['/api/sales/orders', 'sales-order', world.ownOrder, world.otherOrder],
      ['/api/sales/returns', 'sales-return', world.ownReturn, world.otherReturn],
      ['/api/ckd/transfers', 'ckd-transfer', ownCkdTransfer.id, world.otherCkdTransfer],
      ['/api/inventory/entries', 'inventory-entry', world.ownInventoryEntry, world.otherInventoryEntry],
      ['/api/steel/records', 'steel-record', await steelRecord(own.id), await steelRecord(other.id)],
      ['/api/announcements', 'announcement', world.ownAnnouncement, world.otherAnnouncement],
    ];
    for (const [base, kind, ownRecord, otherRecord] of fileRecords) {
      world.files[base] = {
        ownRecord,
        ownFile: await attach(kind, ownRecord),
        otherRecord,
        otherFile: await attach(kind, otherRecord),
      };
    }
    for (const group of SCOPED_GROUPS) {
      const { cookie } = await ctx.signedInAs([group], { factoryId: own.id });
      cookies.set(group, cookie);
    }
  }, 180_000);
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
        if (!groupHolds(group, c.permission) || (c.groups && !c.groups.includes(group))) continue;
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
