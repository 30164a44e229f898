import { PlusIcon } from 'lucide-react';
import type { CalendarEvent } from '@common/contracts/calendar';
import { cn } from '@web/lib/utils';
import { CATEGORY_STYLES, CategoryBadge } from './calendar-category';
import { formatDayMonth, formatEventTime, formatLongDay, formatWeekday } from './calendar-view.model';

interface WeekViewProps {
  title: string;
  days: string[];
  byDay: Map<string, CalendarEvent[]>;
  today: string;
  onOpen: (event: CalendarEvent) => void;
  onCreate?: ((day: string) => void) | undefined;
}

/** Seven day columns, Monday first, each with its events in order (all-day ones first). */
export function WeekView({ title, days, byDay, today, onOpen, onCreate }: WeekViewProps) {
  return (
    <div role="group" aria-label={title} className="grid grid-cols-7 gap-2">
      {days.map((day) => {
        const events = byDay.get(day) ?? [];
        return (
          <section
            key={day}
            aria-label={formatLongDay(day)}
            className={cn(
              'flex min-h-64 min-w-0 flex-col gap-2 rounded-md border p-2',
              day === today && 'border-primary',
            )}
          >
            <div className="flex items-start justify-between gap-1">
              <h3 className="text-xs font-medium">
                <span className="block text-muted-foreground">{formatWeekday(day)}</span>
                <span className={cn('text-sm', day === today && 'font-semibold text-primary')}>
                  {formatDayMonth(day)}
                </span>
                {day === today ? <span className="sr-only"> (today)</span> : null}
              </h3>
              {onCreate ? (
                <button
                  type="button"
                  onClick={() => onCreate(day)}
                  aria-label={`New event on ${formatLongDay(day)}`}
                  className="rounded-sm p-0.5 text-muted-foreground outline-none hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
                >
                  <PlusIcon className="size-3.5" aria-hidden="true" />
                </button>
              ) : null}
            </div>
            {events.length === 0 ? (
              <p className="text-xs text-muted-foreground">No events</p>
            ) : (
              <ul className="flex flex-col gap-1.5">
                {events.map((event) => (
                  <li key={event.id}>
                    <button
                      type="button"
                      onClick={() => onOpen(event)}
                      className={cn(
                        'flex w-full flex-col gap-1 rounded-sm border-l-4 px-1.5 py-1 text-left text-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
                        CATEGORY_STYLES[event.category].chip,
                      )}
                    >
                      <span className="tabular-nums">{formatEventTime(event)}</span>
                      <span className="font-medium break-words">{event.title}</span>
                      <span className="flex flex-wrap items-center gap-1">
                        <CategoryBadge category={event.category} className="bg-background" />
                        <span>{event.factory ? event.factory.code : 'Company-wide'}</span>
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}
