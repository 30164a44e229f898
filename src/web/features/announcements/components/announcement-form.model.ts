/**
 * The announcement form's rules and conversions: the contract's title and body, the audience
 * (everyone, or chosen groups and/or factories), and publish/expiry times typed on the viewer's
 * clock (datetime-local; their factory's time zone) and sent as ISO instants.
 */
import { z } from 'zod';
import {
  createAnnouncementSchema,
  type Announcement,
  type CreateAnnouncement,
  type UpdateAnnouncement,
} from '@common/contracts/announcements';
import { isIsoDay } from '@common/calendar-days';
import { GROUPS } from '@common/permissions';
import { viewerDay, viewerInstant, viewerTime } from '@web/lib/time-zone';

/** "2026-01-31T09:05" on the viewer's clock (what a datetime-local input holds). */
export function toLocalInput(iso: string | Date): string {
  const d = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(d.getTime())) return '';
  return `${viewerDay(d)}T${viewerTime(d)}`;
}

/** The ISO instant of a datetime-local value (read on the viewer's clock); null when empty or invalid. */
export function fromLocalInput(value: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(:\d{2})?$/.exec(value);
  if (!match?.[1] || !match[2] || !isIsoDay(match[1]) || match[2] > '23:59') return null;
  return viewerInstant(match[1], match[2]).toISOString();
}

const { title, body } = createAnnouncementSchema.shape;

export const announcementFormSchema = z
  .object({
    title,
    body,
    audience: z.enum(['everyone', 'chosen']),
    audienceGroups: z.array(z.enum(GROUPS)),
    audienceFactoryIds: z.array(z.string()),
    pinned: z.boolean(),
    publishAt: z
      .string()
      .min(1, 'Choose when to publish')
      .refine((v) => fromLocalInput(v) !== null, 'Enter a date and time'),
    /** '' = no expiry. */
    expiresAt: z.string().refine((v) => v === '' || fromLocalInput(v) !== null, 'Enter a date and time'),
  })
  .superRefine((v, ctx) => {
    if (v.audience === 'chosen' && v.audienceGroups.length === 0 && v.audienceFactoryIds.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['audienceGroups'], message: 'Choose at least one group or factory' });
    }
    const publish = fromLocalInput(v.publishAt);
    const expiry = fromLocalInput(v.expiresAt);
    if (publish && expiry && Date.parse(expiry) <= Date.parse(publish)) {
      ctx.addIssue({ code: 'custom', path: ['expiresAt'], message: 'The expiry must be after the publish time' });
    }
  });
export type AnnouncementFormInput = z.input<typeof announcementFormSchema>;
export type AnnouncementFormValues = z.output<typeof announcementFormSchema>;

/** The form's starting values: a new announcement publishes now, for everyone. */
export function announcementFormDefaults(announcement: Announcement | null, now = new Date()): AnnouncementFormInput {
  if (!announcement) {
    return {
      title: '',
      body: '',
      audience: 'everyone',
      audienceGroups: [],
      audienceFactoryIds: [],
      pinned: false,
      publishAt: toLocalInput(now),
      expiresAt: '',
    };
  }
  const chosen = announcement.audienceGroups.length > 0 || announcement.audienceFactories.length > 0;
  return {
    title: announcement.title,
    body: announcement.body,
    audience: chosen ? 'chosen' : 'everyone',
    audienceGroups: [...announcement.audienceGroups],
    audienceFactoryIds: announcement.audienceFactories.map((f) => f.id),
    pinned: announcement.pinned,
    publishAt: toLocalInput(announcement.publishAt),
    expiresAt: announcement.expiresAt ? toLocalInput(announcement.expiresAt) : '',
  };
}

/**
 * What to send. The times go only when changed from the form's start (a datetime-local keeps
 * minutes, so an untouched time would otherwise lose its seconds; a new one untouched = now).
 * `addressesFactories`: false for a factory-scoped manager (the server addresses their factory).
 */
export function announcementRequest(
  values: AnnouncementFormValues,
  initial: AnnouncementFormInput,
  addressesFactories: boolean,
): CreateAnnouncement & UpdateAnnouncement {
  const everyone = values.audience === 'everyone';
  const request: CreateAnnouncement & UpdateAnnouncement = {
    title: values.title,
    body: values.body,
    audienceGroups: everyone ? [] : values.audienceGroups,
    pinned: values.pinned,
  };
  if (addressesFactories) request.audienceFactoryIds = everyone ? [] : values.audienceFactoryIds;
  if (values.publishAt !== initial.publishAt) request.publishAt = fromLocalInput(values.publishAt) ?? undefined;
  if (values.expiresAt !== initial.expiresAt) request.expiresAt = fromLocalInput(values.expiresAt);
  return request;
}

/** "Everyone", "Sales Officer, Sales Manager", "MSA", or "Stove Coupler at MSA". */
export function audienceSummary(a: Pick<Announcement, 'audienceGroups' | 'audienceFactories'>): string {
  const groups = a.audienceGroups.join(', ');
  const factories = a.audienceFactories.map((f) => f.code).join(', ');
  if (groups && factories) return `${groups} at ${factories}`;
  return groups || factories || 'Everyone';
}
