import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notificationPreferencesSchema } from '../../../common/contracts/notifications';
import type { Database } from '../../db/client';
import { actorOf } from '../../http/guard';
import { getNotificationPreferences, setNotificationPreferences } from './notifications.service';

const tags = ['me'];
const config = { permission: 'authenticated' } as const;
const description =
  'Which mails reach the caller: `incomingTransfers` (a stove transfer sent to their factory waits for ' +
  'their confirmation; on by default), `transferOutcomes` (a transfer they sent was confirmed, partly ' +
  'confirmed or rejected; on by default), `lowStockDigest` (each day at NOTIFICATION_DIGEST_HOUR, the ' +
  'steel and inventory below reorder level in their factories; off by default) and `announcements` ' +
  '(announcements addressed to them when published; off by default). A user without an email address, ' +
  'or deactivated, gets none.';

export async function notificationRoutes(app: FastifyInstance, opts: { db: Database }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  r.get(
    '/api/me/notifications',
    {
      config,
      schema: {
        tags,
        summary: 'My notifications: which mails reach me',
        description: `${description} Answers the defaults for a user who never chose.`,
        response: { 200: notificationPreferencesSchema },
      },
    },
    async (request) => getNotificationPreferences(db, actorOf(request)),
  );

  r.put(
    '/api/me/notifications',
    {
      config,
      schema: {
        tags,
        summary: 'Choose which mails reach me',
        description: `${description} Takes every kind, on or off; audited.`,
        body: notificationPreferencesSchema,
        response: { 200: notificationPreferencesSchema },
      },
    },
    async (request) => setNotificationPreferences(db, actorOf(request), request.body),
  );
}
