import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { OUTBOX_SIZE, outboxSchema } from '../../../common/contracts/mail';
import { actorOf } from '../../http/guard';
import { errors } from '../../http/errors';
import type { Mailer } from './mail.service';

export async function mailRoutes(app: FastifyInstance, opts: { mail: Mailer }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/mail/outbox',
    {
      // user-management, and the Admin group on top, as the audit log and backups: mails hold links
      // that sign people in.
      config: { permission: 'user-management', errors: { 403: 'The caller is not a member of the Admin group.' } },
      schema: {
        tags: ['mail'],
        summary: 'The Outbox: the mail the application sent or will send (Admin group only)',
        description:
          `The newest ${OUTBOX_SIZE} mails, newest first: to, subject, plain-text body, when queued and sent, ` +
          'and their state: `queued` (waiting for the worker or for its next try, `lastError` saying why the ' +
          'last failed), `sending`, `sent`, or `failed` (given up after the last try). `delivery` is `smtp` ' +
          'when SMTP_URL names a mail server, `log` when mail is only written to the server log and kept here.',
        response: { 200: outboxSchema },
      },
    },
    async (request) => {
      if (!actorOf(request).groups.includes('Admin'))
        throw errors.forbidden('Only the Admin group can see the Outbox.');
      return opts.mail.outbox();
    },
  );
}
