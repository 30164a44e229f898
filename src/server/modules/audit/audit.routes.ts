import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  auditActorsSchema,
  auditFacetsSchema,
  auditLogListSchema,
  exportAuditLogQuerySchema,
  listAuditLogQuerySchema,
} from '../../../common/contracts/audit';
import type { Database } from '../../db/client';
import { actorOf } from '../../http/guard';
import { sendCsv } from '../../http/list';
import { assertAuditReader, auditActors, auditFacets, exportAuditLog, listAuditLog } from './audit.service';
import { auditRecord } from './audit-record';

const tags = ['audit'];
/** user-management, and the Admin group on top (checked in each handler). */
const config = {
  permission: 'user-management',
  errors: { 403: 'The caller is not a member of the Admin group.' },
} as const;
/** The list and its export: a period whose end is before its start. */
const listConfig = {
  ...config,
  errors: { ...config.errors, 400: 'The end is before the start (`details.fieldErrors.to`).' },
};

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

export async function auditRoutes(app: FastifyInstance, opts: { db: Database }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  r.get(
    '/api/audit-log',
    {
      config: listConfig,
      schema: {
        tags,
        summary: 'The audit log, newest first (Admin group only)',
        description:
          'Who did what to which record, with the record before and after and the IP address; for the Admin ' +
          'group only, even when another group holds user-management. `q` searches the record id; filters ' +
          '`actorId`, `recordType`, `action`, `from` and `to` (a date is a whole UTC day, a date-time an ' +
          'exact instant; both bounds included). Keyset paged by time.',
        querystring: listAuditLogQuerySchema,
        response: { 200: auditLogListSchema },
      },
    },
    async (request) => {
      assertAuditReader(actorOf(request));
      return listAuditLog(db, request.query);
    },
  );

  r.get(
    '/api/audit-log/export.csv',
    {
      config: listConfig,
      schema: {
        tags,
        summary: 'Export the filtered audit log as CSV (Admin group only)',
        description:
          'The entries of `GET /api/audit-log` with the same filters, as CSV: time, user email and name, ' +
          'action, record type and id, before and after (JSON) and IP address.',
        querystring: exportAuditLogQuerySchema,
      },
    },
    async (request, reply) => {
      assertAuditReader(actorOf(request));
      return sendCsv(
        reply,
        'audit-log.csv',
        [
          { header: 'Time', value: (e) => e.at },
          { header: 'User email', value: (e) => e.actorEmail },
          { header: 'User name', value: (e) => e.actorName },
          { header: 'Action', value: (e) => e.action },
          { header: 'Record type', value: (e) => e.recordType },
          { header: 'Record', value: (e) => auditRecord(e)?.label ?? null },
          { header: 'Record id', value: (e) => e.recordId },
          { header: 'Before', value: (e) => json(e.before) },
          { header: 'After', value: (e) => json(e.after) },
          { header: 'IP address', value: (e) => e.ipAddress },
        ],
        exportAuditLog(db, request.query),
      );
    },
  );

  r.get(
    '/api/audit-log/facets',
    {
      config,
      schema: {
        tags,
        summary: 'The record types and actions found in the log',
        description: 'The distinct record types and actions in the log, for the filters (Admin group only).',
        response: { 200: auditFacetsSchema },
      },
    },
    async (request) => {
      assertAuditReader(actorOf(request));
      return auditFacets(db);
    },
  );

  r.get(
    '/api/audit-log/actors',
    {
      config,
      schema: {
        tags,
        summary: 'Everyone who appears as the user of an entry',
        description: 'Every user who appears as the actor of an entry, for the user filter (Admin group only).',
        response: { 200: auditActorsSchema },
      },
    },
    async (request) => {
      assertAuditReader(actorOf(request));
      return { items: await auditActors(db) };
    },
  );
}
