import { describe, expect, it } from 'vitest';
import type { Announcement } from '@common/contracts/announcements';
import {
  announcementFormDefaults,
  announcementFormSchema,
  announcementRequest,
  audienceSummary,
  fromLocalInput,
  toLocalInput,
} from './announcement-form.model';

const announcement: Announcement = {
  id: 'a1',
  title: 'Holiday',
  body: 'Closed on **Friday**',
  audienceGroups: ['Stove Coupler'],
  audienceFactories: [{ id: 'f1', name: 'Mombasa Assembly', code: 'MSA' }],
  pinned: true,
  publishAt: '2026-03-01T07:30:15.000Z',
  expiresAt: null,
  status: 'live',
  createdAt: '2026-03-01T07:30:15.000Z',
  createdBy: null,
  updatedAt: '2026-03-01T07:30:15.000Z',
};

describe('local times', () => {
  it('round-trips a datetime-local value in this time zone, to the minute', () => {
    const local = toLocalInput('2026-03-01T07:30:15.000Z');
    expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    // The seconds are dropped; the instant is the same minute in any time zone.
    expect(fromLocalInput(local)).toBe('2026-03-01T07:30:00.000Z');
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('tomorrow')).toBeNull();
    expect(toLocalInput('nope')).toBe('');
  });
});

describe('the form', () => {
  it('starts a new announcement for everyone, published now, no expiry', () => {
    const now = new Date(2026, 2, 1, 9, 5);
    expect(announcementFormDefaults(null, now)).toMatchObject({
      audience: 'everyone',
      publishAt: '2026-03-01T09:05',
      expiresAt: '',
      pinned: false,
    });
  });

  it('asks for a group or factory when the audience is chosen, and an expiry after the publish time', () => {
    const base = { ...announcementFormDefaults(null), title: 'T', body: 'B' };
    expect(announcementFormSchema.safeParse(base).success).toBe(true);
    const none = announcementFormSchema.safeParse({ ...base, audience: 'chosen' });
    expect(none.error?.issues[0]?.path).toEqual(['audienceGroups']);
    const early = announcementFormSchema.safeParse({
      ...base,
      publishAt: '2026-03-02T10:00',
      expiresAt: '2026-03-02T09:00',
    });
    expect(early.error?.issues[0]?.path).toEqual(['expiresAt']);
  });

  it('sends what changed of the times; everyone means empty audiences', () => {
    const initial = announcementFormDefaults(announcement);
    expect(initial).toMatchObject({
      audience: 'chosen',
      audienceFactoryIds: ['f1'],
      audienceGroups: ['Stove Coupler'],
    });
    const values = announcementFormSchema.parse({ ...initial, audience: 'everyone' });
    expect(announcementRequest(values, initial, true)).toEqual({
      title: 'Holiday',
      body: 'Closed on **Friday**',
      audienceGroups: [],
      audienceFactoryIds: [],
      pinned: true,
    });
    const later = announcementFormSchema.parse({ ...initial, expiresAt: '2099-01-01T00:00' });
    const request = announcementRequest(later, initial, false);
    expect(request.expiresAt).toBe(new Date('2099-01-01T00:00').toISOString());
    expect(request).not.toHaveProperty('publishAt');
    expect(request).not.toHaveProperty('audienceFactoryIds');
    // Clearing the expiry of one that had one sends null.
    const withExpiry = announcementFormDefaults({ ...announcement, expiresAt: '2099-01-01T00:00:00.000Z' });
    expect(
      announcementRequest(announcementFormSchema.parse({ ...withExpiry, expiresAt: '' }), withExpiry, true),
    ).toMatchObject({
      expiresAt: null,
    });
  });

  it('summarises the audience', () => {
    expect(audienceSummary(announcement)).toBe('Stove Coupler at MSA');
    expect(audienceSummary({ audienceGroups: [], audienceFactories: [] })).toBe('Everyone');
    expect(audienceSummary({ audienceGroups: ['Admin', 'Sales Officer'], audienceFactories: [] })).toBe(
      'Admin, Sales Officer',
    );
  });
});
