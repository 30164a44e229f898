import type { ReactNode } from 'react';
import { CalendarDaysIcon } from 'lucide-react';
import type { CalendarEvent } from '@common/contracts/calendar';
import { EmptyState } from '@web/components/ui/empty-state';
import { cn } from '@web/lib/utils';
import { CategoryBadge } from './calendar-category';
import { formatEventTime, formatLongDay } from './calendar-view.model';

/** One event as a row: time, title, category and factory; opens the details. */
export function EventRow({ event, onOpen }: { event: CalendarEvent; onOpen: (event: CalendarEvent) => void }) {
  return (
    <button
      type="button"
      onClick={() => onOpen(event)}
      className="flex w-full flex-col gap-1 rounded-md border px-3 py-2 text-left text-sm outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:flex-row sm:items-center sm:gap-3"
    >
      <span className="shrink-0 text-muted-foreground tabular-nums sm:w-36">{formatEventTime(event)}</span>
      <span className="min-w-0 flex-1 font-medium break-words">{event.title}</span>
      <span className="flex shrink-0 flex-wrap items-center gap-2">
        <CategoryBadge category={event.category} />
        <span className="text-xs text-muted-foreground">{event.factory ? event.factory.code : 'Company-wide'}</span>
      </span>
    </button>
  );
}

interface AgendaProps {
  label: string;
  days: string[];
  byDay: Map<string, CalendarEvent[]>;
  today: string;
  onOpen: (event: CalendarEvent) => void;
  empty: { title: string; description: string; action?: ReactNode };
}

/** The days that have events, each with its events in order: the list view, and the month and week on a phone. */
export function Agenda({ label, days, byDay, today, onOpen, empty }: AgendaProps) {
  const busy = days.filter((day) => (byDay.get(day) ?? []).length > 0);
  if (busy.length === 0) {
    return (
      <EmptyState
        icon={CalendarDaysIcon}
        headingLevel="h3"
        title={empty.title}
        description={empty.description}
        action={empty.action}
      />
    );
  }
  return (
    <ol aria-label={label} className="flex flex-col gap-5">
      {busy.map((day) => (
        <li key={day} className="flex flex-col gap-2">
          <h3 className={cn('text-sm font-semibold', day === today && 'text-primary')}>
            {formatLongDay(day)}
            {day === today ? ' (today)' : ''}
          </h3>
          <ul className="flex flex-col gap-2">
            {(byDay.get(day) ?? []).map((event) => (
              <li key={event.id}>
                <EventRow event={event} onOpen={onOpen} />
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
