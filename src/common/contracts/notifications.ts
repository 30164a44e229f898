/**
 * Notifications by mail (issue 25): what each user chose on My account. A user who never chose has
 * the defaults (NOTIFICATION_DEFAULTS).
 */
import { z } from 'zod';

export const NOTIFICATION_KINDS = ['incomingTransfers', 'transferOutcomes', 'lowStockDigest', 'announcements'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** GET and PUT /api/me/notifications: every kind, on or off. */
export const notificationPreferencesSchema = z
  .object({
    /** A stove transfer sent to my factory is waiting for confirmation. */
    incomingTransfers: z.boolean(),
    /** A transfer I sent was confirmed, partly confirmed or rejected. */
    transferOutcomes: z.boolean(),
    /** Each morning: steel and inventory below reorder level in my factories. */
    lowStockDigest: z.boolean(),
    /** Announcements addressed to me, when published. */
    announcements: z.boolean(),
  })
  .strict();
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const NOTIFICATION_DEFAULTS: NotificationPreferences = {
  incomingTransfers: true,
  transferOutcomes: true,
  lowStockDigest: false,
  announcements: false,
};

/** What My account shows for each kind. */
export const NOTIFICATION_LABELS: Record<NotificationKind, { label: string; hint: string }> = {
  incomingTransfers: {
    label: 'Stove transfers waiting for my confirmation',
    hint: 'When another factory sends stove IDs to my factory.',
  },
  transferOutcomes: {
    label: 'Answers to the transfers I sent',
    hint: 'When a transfer I sent is confirmed, partly confirmed or rejected.',
  },
  lowStockDigest: {
    label: 'Daily list of low stock',
    hint: 'Each morning, the steel and inventory items below their reorder level in my factories. Nothing is sent when nothing is low.',
  },
  announcements: {
    label: 'Announcements',
    hint: 'Announcements addressed to me, when they are published.',
  },
};
