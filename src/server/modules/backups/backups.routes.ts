import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { backupIdParamsSchema, backupListSchema, backupSchema } from '../../../common/contracts/backups';
import type { Database } from '../../db/client';
import { actorOf } from '../../http/guard';
import { errors } from '../../http/errors';
import { insertAudit } from '../audit/audit.repository';
import { BackupBusyError, presentBackup, type Backups } from './backups.service';
import type { BackupRunRow } from './backups.repository';

const tags = ['backups'];
/** user-management, and the Admin group on top (checked in each handler), as the audit log. */
const config = {
  permission: 'user-management',
  errors: { 403: 'The caller is not a member of the Admin group.' },
} as const;

function assertAdmin(request: FastifyRequest): string {
  const actor = actorOf(request);
  if (!actor.groups.includes('Admin')) throw errors.forbidden('Only the Admin group can see and make backups.');
  return actor.userId;
}

const audit = (request: FastifyRequest) => ({
  ipAddress: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
});

export async function backupRoutes(app: FastifyInstance, opts: { db: Database; backups: Backups }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, backups } = opts;

  r.get(
    '/api/backups',
    {
      config,
      schema: {
        tags,
        summary: 'The backups, newest first, and the schedule (Admin group only)',
        description:
          'The last 100 backups: running (with `progress` from 0 to 1 and its `step`), made (with the size of ' +
          'its file and whether this server has it to download) or failed (with the reason); and the schedule: ' +
          'hours between automatic backups (0: off), how many are kept, when the next is due and the folder.',
        response: { 200: backupListSchema },
      },
    },
    async (request) => {
      assertAdmin(request);
      return backups.list();
    },
  );

  r.post(
    '/api/backups',
    {
      config: {
        ...config,
        errors: { ...config.errors, 409: 'A backup is already running (on this or another server).' },
      },
      schema: {
        tags,
        summary: 'Back up now (Admin group only)',
        description:
          'Starts a backup of the whole database and answers 202 at once with it running; `GET /api/backups` ' +
          'shows its progress. The application goes on serving meanwhile. Audited as `backup`.',
        response: { 202: backupSchema },
      },
    },
    async (request, reply) => {
      const userId = assertAdmin(request);
      let row: BackupRunRow;
      try {
        row = await backups.start('manual', userId);
      } catch (error) {
        if (error instanceof BackupBusyError) throw errors.conflict(error.message);
        throw error;
      }
      await insertAudit(db, {
        actorId: userId,
        action: 'backup',
        recordType: 'backup',
        recordId: row.id,
        after: { fileName: row.fileName },
        ...audit(request),
      });
      return reply.status(202).send(presentBackup(row, false));
    },
  );

  r.get(
    '/api/backups/:id/download',
    {
      config: {
        ...config,
        errors: { ...config.errors, 404: "No such backup, not made, or its file is not in this server's folder." },
      },
      schema: {
        tags,
        summary: "A backup's file (Admin group only)",
        description:
          'The gzipped plain SQL dump (`application/gzip`) as an attachment: `npm run restore -- FILE` restores ' +
          'it into an empty database of either engine, `gunzip -c FILE | psql DATABASE` into a PostgreSQL ' +
          'server. Audited as `backup_download`.',
        params: backupIdParamsSchema,
        response: { 200: z.any().describe('The .sql.gz file') },
      },
    },
    async (request, reply) => {
      const userId = assertAdmin(request);
      const file = await backups.open(request.params.id);
      await insertAudit(db, {
        actorId: userId,
        action: 'backup_download',
        recordType: 'backup',
        recordId: request.params.id,
        after: { fileName: file.fileName },
        ...audit(request),
      });
      return reply
        .header('content-type', 'application/gzip')
        .header('content-length', file.sizeBytes)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.stream);
    },
  );
}
