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

const tags = ['audit'];
/** user-management, and the Admin group on top (checked in each handler). */
const config = { permission: 'user-management' } as const;

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

export async function auditRoutes(app: FastifyInstance, opts: { db: Database }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  r.get(
    '/api/audit-log',
    {
      config,
      schema: {
        tags,
        summary: 'The audit log, newest first (Admin group only)',
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
      config,
      schema: {
        tags,
        summary: 'Export the filtered audit log as CSV (Admin group only)',
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
      schema: { tags, summary: 'The record types and actions found in the log', response: { 200: auditFacetsSchema } },
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
      schema: { tags, summary: 'Everyone who appears as the user of an entry', response: { 200: auditActorsSchema } },
    },
    async (request) => {
      assertAuditReader(actorOf(request));
      return { items: await auditActors(db) };
    },
  );
}
