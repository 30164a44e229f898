import { Link } from 'react-router';
import { CalendarDaysIcon } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { errorMessage } from '@web/lib/api-client';
import { useUpcomingEvents } from '../api/get-upcoming-events';
import { CategoryBadge } from './calendar-category';
import { eventDays, formatEventTime, formatShortDay, formatWeekday } from './calendar-view.model';

interface UpcomingEventsPanelProps {
  /** How many events (default 5). */
  limit?: number;
  /** A global user's factory to show (with the company-wide events); a scoped user always sees their own. */
  factoryId?: string;
}

/**
 * The next events not over yet, for the dashboards: day, time, title, category and factory, and a
 * link to the calendar. Live updates refresh it (its query key starts with ['calendar']).
 */
export function UpcomingEventsPanel({ limit = 5, factoryId }: UpcomingEventsPanelProps) {
  const result = useUpcomingEvents({ limit, factoryId });
  return (
    <Card>
      <CardHeader className="flex flex-row items-start justify-between gap-2">
        <div className="flex flex-col gap-1.5">
          <CardTitle>Upcoming events</CardTitle>
          <CardDescription>What is planned next, company-wide and at the factories.</CardDescription>
        </div>
        <Button asChild variant="outline" size="sm">
          <Link to="/calendar?view=list">Open calendar</Link>
        </Button>
      </CardHeader>
      <CardContent>
        {result.isError ? (
          <div role="alert" className="flex flex-col items-start gap-2 text-sm">
            <p>
              <span className="font-medium">Could not load the events.</span> {errorMessage(result.error)}
            </p>
            <Button variant="outline" size="sm" onClick={() => void result.refetch()}>
              Retry
            </Button>
          </div>
        ) : !result.data ? (
          <div role="status" aria-label="Loading upcoming events" className="flex flex-col gap-2">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} className="h-10" />
            ))}
          </div>
        ) : result.data.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <CalendarDaysIcon className="size-4" aria-hidden="true" />
            Nothing planned yet.
          </p>
        ) : (
          <ul aria-label="Upcoming events" className="flex flex-col divide-y">
            {result.data.map((event) => {
              const day = eventDays(event)[0] ?? event.startsAt.slice(0, 10);
              return (
                <li
                  key={event.id}
                  className="flex flex-col gap-1 py-2 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:gap-3"
                >
                  <span className="shrink-0 text-sm text-muted-foreground tabular-nums sm:w-40">
                    {formatWeekday(day)} {formatShortDay(day)}
                    <span className="block text-xs">{formatEventTime(event)}</span>
                  </span>
                  <span className="min-w-0 flex-1 text-sm font-medium break-words">{event.title}</span>
                  <span className="flex shrink-0 items-center gap-2">
                    <CategoryBadge category={event.category} />
                    <span className="text-xs text-muted-foreground">
                      {event.factory ? event.factory.code : 'Company-wide'}
                    </span>
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
