import { describe, expect, it } from 'vitest';
import {
  daysWindow,
  defaultNewEventDay,
  eventDays,
  eventsByDay,
  formatLongDay,
  movedStart,
  periodTitle,
  readCalendarState,
  stepDate,
  viewDays,
  writeCalendarState,
} from './calendar-view.model';
import { setViewerTimeZone, viewerInstant, viewerTime } from '@web/lib/time-zone';

/** An instant on this machine's clock (the tests hold in any time zone). */
const at = (day: string, time: string) => viewerInstant(day, time).toISOString();

describe('calendar state in the URL', () => {
  it('reads view, date and filters, falling back to this month without filters', () => {
    const today = '2026-11-21';
    expect(readCalendarState(new URLSearchParams(''), today)).toEqual({
      view: 'month',
      date: today,
      category: null,
      factoryId: null,
    });
    const id = '0b6c3a52-8f5e-4c1e-9a4e-2f1d9f1b7c11';
    const params = new URLSearchParams({ view: 'week', date: '2026-12-03', category: 'holiday', factory: id });
    const state = readCalendarState(params, today);
    expect(state).toEqual({ view: 'week', date: '2026-12-03', category: 'holiday', factoryId: id });
    expect(writeCalendarState(state).toString()).toBe(`view=week&date=2026-12-03&category=holiday&factory=${id}`);
    const junk = new URLSearchParams({ view: 'year', date: '2026-02-30', category: 'party', factory: 'NBO' });
    expect(readCalendarState(junk, today)).toEqual({ view: 'month', date: today, category: null, factoryId: null });
  });
});

describe('views', () => {
  it('shows whole weeks around a month, Monday first', () => {
    const days = viewDays('month', '2026-11-15');
    expect(days[0]).toBe('2026-10-26');
    expect(days[days.length - 1]).toBe('2026-12-06');
    expect(days).toHaveLength(42);
    expect(viewDays('month', '2027-02-10')).toHaveLength(28);
  });

  it('shows the week of the date, and the list 30 days from it', () => {
    expect(viewDays('week', '2026-11-21')).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
    ]);
    const list = viewDays('list', '2026-11-21');
    expect([list[0], list[29], list.length]).toEqual(['2026-11-21', '2026-12-20', 30]);
  });

  it('steps by a month, a week or 30 days', () => {
    expect(stepDate('month', '2026-11-21', 1)).toBe('2026-12-01');
    expect(stepDate('month', '2026-01-31', -1)).toBe('2025-12-01');
    expect(stepDate('week', '2026-11-21', -1)).toBe('2026-11-14');
    expect(stepDate('list', '2026-11-21', 1)).toBe('2026-12-21');
  });

  it('names days the same in every browser', () => {
    expect(formatLongDay('2026-11-05')).toBe('Thursday 5 November 2026');
  });

  it('titles the period', () => {
    expect(periodTitle('month', '2026-11-21')).toBe('November 2026');
    expect(periodTitle('week', '2026-11-21')).toBe('16 Nov – 22 Nov 2026');
  });

  it('asks for the instants from the first day’s midnight to the midnight after the last', () => {
    expect(daysWindow(['2026-11-16', '2026-11-22'])).toEqual({
      from: at('2026-11-16', '00:00'),
      to: at('2026-11-23', '00:00'),
    });
  });

  it('starts a new event today when the view shows it, else on the first of the month or the first day', () => {
    const state = { view: 'month' as const, date: '2026-12-10', category: null, factoryId: null };
    expect(defaultNewEventDay(state, '2026-11-21')).toBe('2026-12-01');
    expect(defaultNewEventDay({ ...state, date: '2026-11-01' }, '2026-11-21')).toBe('2026-11-21');
    expect(defaultNewEventDay({ ...state, view: 'week' }, '2026-11-21')).toBe('2026-12-07');
  });
});

describe('days of an event', () => {
  it('gives an all-day event its own days (the end is exclusive)', () => {
    const event = { allDay: true, startsAt: '2026-11-05T00:00:00.000Z', endsAt: '2026-11-07T00:00:00.000Z' };
    expect(eventDays(event)).toEqual(['2026-11-05', '2026-11-06']);
  });

  it('gives a timed event the local days it touches; an end at midnight belongs to the day before', () => {
    expect(
      eventDays({ allDay: false, startsAt: at('2026-11-05', '09:00'), endsAt: at('2026-11-05', '10:00') }),
    ).toEqual(['2026-11-05']);
    expect(
      eventDays({ allDay: false, startsAt: at('2026-11-05', '22:00'), endsAt: at('2026-11-07', '00:00') }),
    ).toEqual(['2026-11-05', '2026-11-06']);
    expect(
      eventDays({ allDay: false, startsAt: at('2026-11-05', '09:00'), endsAt: at('2026-11-05', '09:00') }),
    ).toEqual(['2026-11-05']);
  });

  it('buckets events by day, all-day ones first, and leaves out days not shown', () => {
    const timed = { id: 't', allDay: false, startsAt: at('2026-11-05', '08:00'), endsAt: at('2026-11-05', '09:00') };
    const allDay = { id: 'a', allDay: true, startsAt: '2026-11-05T00:00:00.000Z', endsAt: '2026-11-08T00:00:00.000Z' };
    const byDay = eventsByDay([timed, allDay], ['2026-11-05', '2026-11-06']);
    expect(byDay.get('2026-11-05')?.map((e) => e.id)).toEqual(['a', 't']);
    expect(byDay.get('2026-11-06')?.map((e) => e.id)).toEqual(['a']);
    expect(byDay.has('2026-11-07')).toBe(false);
  });

  it('moves a timed event to the same local time on another day, an all-day one to that day', () => {
    expect(movedStart({ allDay: false, startsAt: at('2026-11-05', '14:30') }, '2026-11-09')).toBe(
      at('2026-11-09', '14:30'),
    );
    expect(movedStart({ allDay: true, startsAt: '2026-11-05T00:00:00.000Z' }, '2026-11-09')).toBe(
      '2026-11-09T00:00:00.000Z',
    );
  });
});

describe("the viewer's clock", () => {
  it("places a timed event on the viewer's day and time, not the device's", () => {
    setViewerTimeZone('Africa/Nairobi');
    try {
      // 00:30-01:30 on 27 November in Nairobi: 21:30 UTC on the 26th.
      const event = { allDay: false, startsAt: '2026-11-26T21:30:00.000Z', endsAt: '2026-11-26T22:30:00.000Z' };
      expect(eventDays(event)).toEqual(['2026-11-27']);
      expect(viewerTime(new Date(event.startsAt))).toBe('00:30');
      expect(daysWindow(['2026-11-27'])).toEqual({
        from: '2026-11-26T21:00:00.000Z',
        to: '2026-11-27T21:00:00.000Z',
      });
    } finally {
      setViewerTimeZone(null);
    }
  });
});
