import { describe, expect, it } from 'vitest';
import type { CalendarEvent } from '@common/contracts/calendar';
import { eventFormSchema, eventValues, moveFormSchema, newEventValues } from './calendar-event-form.model';
import { viewerInstant } from '@web/lib/time-zone';

const at = (day: string, time: string) => viewerInstant(day, time).toISOString();
const FACTORY = '0b6c3a52-8f5e-4c1e-9a4e-2f1d9f1b7c11';

function issues(values: Parameters<typeof eventFormSchema.safeParse>[0]) {
  const result = eventFormSchema.safeParse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
}

describe('event form', () => {
  const base = { ...newEventValues('2026-11-05', null), title: 'Board meeting', category: 'meeting' };

  it('sends a timed event as instants of this device’s clock, company-wide without a factory', () => {
    expect(eventFormSchema.parse(base)).toEqual({
      title: 'Board meeting',
      description: null,
      allDay: false,
      startsAt: at('2026-11-05', '09:00'),
      endsAt: at('2026-11-05', '10:00'),
      category: 'meeting',
      factoryId: null,
    });
  });

  it('sends an all-day event as whole UTC days, the end after the last day', () => {
    const request = eventFormSchema.parse({ ...base, allDay: true, endDate: '2026-11-06', factoryId: FACTORY });
    expect(request).toMatchObject({
      allDay: true,
      startsAt: '2026-11-05T00:00:00.000Z',
      endsAt: '2026-11-07T00:00:00.000Z',
      factoryId: FACTORY,
    });
  });

  it('says what is wrong next to the field', () => {
    expect(issues({ ...base, title: ' ' })).toEqual({ title: 'Title is required' });
    expect(issues({ ...base, category: '' })).toEqual({ category: 'Choose a category' });
    expect(issues({ ...base, endTime: '08:00' })).toEqual({ endTime: 'The end cannot be before the start' });
    expect(issues({ ...base, endDate: '2026-11-04' })).toEqual({ endDate: 'The end cannot be before the start' });
    expect(issues({ ...base, allDay: true, endDate: '2026-11-04' })).toEqual({
      endDate: 'The last day cannot be before the first',
    });
    expect(issues({ ...base, startDate: '', startTime: '' })).toEqual({
      startDate: 'Choose the start date',
      startTime: 'Choose the start time',
    });
  });

  it('fills the form from an event', () => {
    const event: CalendarEvent = {
      id: 'e',
      title: 'Trade fair',
      description: null,
      startsAt: '2026-11-05T00:00:00.000Z',
      endsAt: '2026-11-08T00:00:00.000Z',
      allDay: true,
      category: 'other',
      factory: null,
      createdAt: '',
      updatedAt: '',
      createdBy: null,
      updatedBy: null,
    };
    expect(eventValues(event)).toMatchObject({ startDate: '2026-11-05', endDate: '2026-11-07', factoryId: '' });
    const timed = { ...event, allDay: false, startsAt: at('2026-11-05', '09:15'), endsAt: at('2026-11-05', '11:00') };
    expect(eventValues(timed)).toMatchObject({
      startDate: '2026-11-05',
      startTime: '09:15',
      endDate: '2026-11-05',
      endTime: '11:00',
    });
  });

  it('moves to a new day (and time)', () => {
    expect(moveFormSchema(true).parse({ date: '2026-11-09', time: '' })).toEqual({
      startsAt: '2026-11-09T00:00:00.000Z',
    });
    expect(moveFormSchema(false).parse({ date: '2026-11-09', time: '13:45' })).toEqual({
      startsAt: at('2026-11-09', '13:45'),
    });
    expect(moveFormSchema(false).safeParse({ date: '', time: '' }).success).toBe(false);
  });
});
