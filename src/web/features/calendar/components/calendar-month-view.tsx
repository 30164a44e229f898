import { useState, type DragEvent, type MouseEvent } from 'react';
import { PlusIcon } from 'lucide-react';
import type { CalendarEvent } from '@common/contracts/calendar';
import { cn } from '@web/lib/utils';
import { EVENT_DRAG_TYPE, EventChip } from './calendar-event-chip';
import { formatLongDay, formatWeekday, outsideMonth, weeksOf } from './calendar-view.model';

/** Chips shown in a day before "+N more". */
const CHIPS_PER_DAY = 3;

export interface DayActions {
  onOpen: (event: CalendarEvent) => void;
  /** New event on a day; absent when the user cannot create events. */
  onCreate?: ((day: string) => void) | undefined;
  /** An event dropped on a day. */
  onDrop: (event: CalendarEvent, day: string) => void;
  onShowDay: (day: string) => void;
  canChange: (event: CalendarEvent) => boolean;
}

interface MonthViewProps extends DayActions {
  title: string;
  /** A day of the month shown. */
  date: string;
  days: string[];
  byDay: Map<string, CalendarEvent[]>;
  events: CalendarEvent[];
  today: string;
}

/**
 * The month grid, Monday first: each day's events as chips (at most three, then "+N more"). A click
 * on a day's empty space or its + button creates an event there; a chip dragged onto another day
 * moves the event there.
 */
export function MonthView({ title, date, days, byDay, events, today, ...actions }: MonthViewProps) {
  const [dropDay, setDropDay] = useState<string | null>(null);
  const weeks = weeksOf(days);

  const dragOver = (e: DragEvent, day: string) => {
    if (!e.dataTransfer.types.includes(EVENT_DRAG_TYPE)) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'move';
    setDropDay(day);
  };
  const drop = (e: DragEvent, day: string) => {
    setDropDay(null);
    const id = e.dataTransfer.getData(EVENT_DRAG_TYPE);
    const event = events.find((ev) => ev.id === id);
    if (!event) return;
    e.preventDefault();
    actions.onDrop(event, day);
  };
  const clickDay = (e: MouseEvent, day: string) => {
    if ((e.target as HTMLElement).closest('button')) return;
    actions.onCreate?.(day);
  };

  return (
    <table className="w-full table-fixed border-collapse text-sm" aria-label={title}>
      <thead>
        <tr>
          {(weeks[0] ?? []).map((day) => (
            <th key={day} scope="col" className="pb-2 text-xs font-medium text-muted-foreground">
              {formatWeekday(day)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week[0]}>
            {week.map((day) => {
              const dayEvents = byDay.get(day) ?? [];
              const hidden = dayEvents.length - CHIPS_PER_DAY;
              const shown = hidden > 0 ? dayEvents.slice(0, CHIPS_PER_DAY - 1) : dayEvents;
              const more = dayEvents.length - shown.length;
              return (
                <td
                  key={day}
                  data-day={day}
                  onClick={(e) => clickDay(e, day)}
                  onDragOver={(e) => dragOver(e, day)}
                  onDragLeave={() => setDropDay((current) => (current === day ? null : current))}
                  onDrop={(e) => drop(e, day)}
                  className={cn(
                    'group h-28 border p-1 align-top',
                    outsideMonth(day, date) && 'bg-muted/40 text-muted-foreground',
                    actions.onCreate && 'cursor-pointer',
                    dropDay === day && 'bg-accent ring-2 ring-ring ring-inset',
                  )}
                >
                  <div className="flex items-center justify-between gap-1">
                    <span
                      className={cn(
                        'inline-flex size-6 items-center justify-center rounded-full text-xs tabular-nums',
                        day === today && 'bg-primary font-semibold text-primary-foreground',
                      )}
                    >
                      <span className="sr-only">{formatLongDay(day)}</span>
                      <span aria-hidden="true">{Number(day.slice(8, 10))}</span>
                      {day === today ? <span className="sr-only"> (today)</span> : null}
                    </span>
                    {actions.onCreate ? (
                      <button
                        type="button"
                        onClick={() => actions.onCreate?.(day)}
                        aria-label={`New event on ${formatLongDay(day)}`}
                        className="rounded-sm p-0.5 text-muted-foreground opacity-0 outline-none group-hover:opacity-100 hover:bg-accent hover:text-foreground focus-visible:opacity-100 focus-visible:ring-[3px] focus-visible:ring-ring/50"
                      >
                        <PlusIcon className="size-3.5" aria-hidden="true" />
                      </button>
                    ) : null}
                  </div>
                  {shown.length > 0 ? (
                    <ul className="mt-1 flex flex-col gap-0.5" aria-label={`Events on ${formatLongDay(day)}`}>
                      {shown.map((event) => (
                        <li key={event.id}>
                          <EventChip event={event} draggable={actions.canChange(event)} onOpen={actions.onOpen} />
                        </li>
                      ))}
                    </ul>
                  ) : null}
                  {more > 0 ? (
                    <button
                      type="button"
                      onClick={() => actions.onShowDay(day)}
                      className="mt-0.5 rounded-sm px-1 text-xs font-medium text-muted-foreground outline-none hover:text-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
                    >
                      +{more} more<span className="sr-only"> on {formatLongDay(day)}</span>
                    </button>
                  ) : null}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
