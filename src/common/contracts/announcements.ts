/**
 * Announcements (DOMAIN.md §4 "Announcements, calendar, documentation"): a Markdown message for
 * everyone, or for chosen groups and/or factories, pinned or not, published at a time (now or
 * later) until an optional expiry. The Announcements page manages them (announcement-management);
 * every signed-in user reads theirs in the header and on the dashboards.
 */
import { z } from 'zod';
import { GROUPS } from '../permissions';
import { factoryRefSchema, instantSchema, personRefSchema } from './fields';
import { booleanFilterSchema, listQuerySchema, listResponseSchema } from './list';

/** scheduled: publish time ahead; live: published and not expired; expired: past its expiry. */
export const ANNOUNCEMENT_STATUSES = ['scheduled', 'live', 'expired'] as const;
export const announcementStatusSchema = z.enum(ANNOUNCEMENT_STATUSES);
export type AnnouncementStatus = z.infer<typeof announcementStatusSchema>;

export const ANNOUNCEMENT_TITLE_MAX = 200;
export const ANNOUNCEMENT_BODY_MAX = 20_000;
/** How many of a user's announcements the header and dashboards show at most. */
export const MY_ANNOUNCEMENTS_LIMIT = 50;

const title = z
  .string({ error: 'Title is required' })
  .trim()
  .min(1, 'Title is required')
  .max(ANNOUNCEMENT_TITLE_MAX, `Title is limited to ${ANNOUNCEMENT_TITLE_MAX} characters`);
const body = z
  .string({ error: 'Write the announcement' })
  .trim()
  .min(1, 'Write the announcement')
  .max(ANNOUNCEMENT_BODY_MAX, `The text is limited to ${ANNOUNCEMENT_BODY_MAX.toLocaleString('en-US')} characters`);
/** Empty: every group. */
const audienceGroups = z
  .array(z.enum(GROUPS, { error: 'Unknown group' }))
  .max(GROUPS.length, 'Too many groups')
  .transform((groups) => [...new Set(groups)]);
/** Empty: every factory. */
const audienceFactoryIds = z
  .array(z.string().uuid('Not a factory id'))
  .max(100, 'At most 100 factories')
  .transform((ids) => [...new Set(ids)]);

const expiryAfterPublish = {
  check: (v: { publishAt?: string | undefined; expiresAt?: string | null | undefined }) =>
    !v.publishAt || !v.expiresAt || Date.parse(v.expiresAt) > Date.parse(v.publishAt),
  message: { message: 'The expiry must be after the publish time', path: ['expiresAt'] },
};

/** POST /api/announcements (publishAt absent: now; audience empty: everyone). */
export const createAnnouncementSchema = z
  .object({
    title,
    body,
    audienceGroups: audienceGroups.default([]),
    audienceFactoryIds: audienceFactoryIds.optional(),
    pinned: z.boolean().default(false),
    publishAt: instantSchema('Publish at').optional(),
    expiresAt: instantSchema('Expires at').nullish(),
  })
  .refine(expiryAfterPublish.check, expiryAfterPublish.message);
export type CreateAnnouncement = z.input<typeof createAnnouncementSchema>;

/** PATCH /api/announcements/:id: any field; expiresAt null removes the expiry. */
export const updateAnnouncementSchema = z
  .object({
    title,
    body,
    audienceGroups,
    audienceFactoryIds,
    pinned: z.boolean(),
    publishAt: instantSchema('Publish at'),
    expiresAt: instantSchema('Expires at').nullable(),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to change')
  .refine(expiryAfterPublish.check, expiryAfterPublish.message);
export type UpdateAnnouncement = z.input<typeof updateAnnouncementSchema>;

export const announcementSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  audienceGroups: z.array(z.enum(GROUPS)),
  /** The addressed factories (empty: every factory). */
  audienceFactories: z.array(factoryRefSchema),
  pinned: z.boolean(),
  publishAt: z.string(),
  expiresAt: z.string().nullable(),
  status: announcementStatusSchema,
  createdAt: z.string(),
  createdBy: personRefSchema,
  updatedAt: z.string(),
});
export type Announcement = z.infer<typeof announcementSchema>;

/** GET /api/announcements: newest publish time first by default. */
export const listAnnouncementsQuerySchema = listQuerySchema({
  sortable: ['publishAt', 'title', 'createdAt'],
  defaultSort: 'publishAt',
  defaultDir: 'desc',
  filters: { status: announcementStatusSchema.optional(), pinned: booleanFilterSchema },
});
export type ListAnnouncementsQuery = z.infer<typeof listAnnouncementsQuerySchema>;
export const announcementListSchema = listResponseSchema(announcementSchema);

/** One of my announcements (header, dashboards). */
export const myAnnouncementSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  pinned: z.boolean(),
  publishAt: z.string(),
  expiresAt: z.string().nullable(),
  /** The author's name (null when the user no longer exists). */
  author: z.string().nullable(),
  read: z.boolean(),
  /** How many files are attached (GET /api/announcements/:id/files lists them). */
  files: z.number().int(),
});
export type MyAnnouncement = z.infer<typeof myAnnouncementSchema>;

/** GET /api/announcements/mine: pinned first, then newest; at most MY_ANNOUNCEMENTS_LIMIT. */
export const myAnnouncementsSchema = z.object({ items: z.array(myAnnouncementSchema), unread: z.number().int() });
export type MyAnnouncements = z.infer<typeof myAnnouncementsSchema>;

/** GET /api/announcements/mine/unread-count, and the answer of marking as read. */
export const unreadAnnouncementsSchema = z.object({ unread: z.number().int() });
export type UnreadAnnouncements = z.infer<typeof unreadAnnouncementsSchema>;
