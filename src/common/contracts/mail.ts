/** Mail the application sends (password recovery and, later, notifications): the Admins' Outbox. */
import { z } from 'zod';

/** Queued (waiting for the worker or for its next try), sent, or given up after the last try. */
export const MAIL_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;

/** Where mail goes: an SMTP server (SMTP_URL), or only the server log and the Outbox (the demo). */
export const MAIL_DELIVERIES = ['smtp', 'log'] as const;
export type MailDelivery = (typeof MAIL_DELIVERIES)[number];

/** How many mails the Outbox keeps and shows, newest first. */
export const OUTBOX_SIZE = 200;

export const outboxMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  /** The plain-text body. */
  body: z.string(),
  status: z.enum(MAIL_STATUSES),
  /** Tries so far. */
  attempts: z.number().int(),
  /** Why the last try failed, in the mail server's words. */
  lastError: z.string().nullable(),
  queuedAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

export const outboxSchema = z.object({
  delivery: z.enum(MAIL_DELIVERIES),
  items: z.array(outboxMailSchema),
});
export type Outbox = z.infer<typeof outboxSchema>;
