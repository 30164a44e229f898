import { LoadError } from '@web/components/ui/load-error';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { ChevronLeftIcon, ChevronRightIcon, PlusIcon } from 'lucide-react';
import {
  CALENDAR_CATEGORIES,
  CALENDAR_CATEGORY_LABELS,
  type CalendarCategory,
  type CalendarEvent,
} from '@common/contracts/calendar';
import { FactoryFilter } from '@web/components/filters/factory-filter';
import { ConfirmDialog } from '@web/components/form/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { NativeSelect } from '@web/components/ui/native-select';
import { PageHeader } from '@web/components/ui/page-header';
import { Skeleton } from '@web/components/ui/skeleton';
import { errorMessage } from '@web/lib/api-client';
import { localToday } from '@web/lib/local-today';
import { useIsMobile } from '@web/lib/use-is-mobile';
import { useCalendarEvents } from '../api/get-calendar-events';
import { useDeleteCalendarEvent } from '../api/delete-calendar-event';
import { useMoveCalendarEvent } from '../api/move-calendar-event';
import { Agenda } from '../components/calendar-agenda';
import { CategoryLegend } from '../components/calendar-category';
import { DayDialog } from '../components/calendar-day-dialog';
import { EventDialog } from '../components/calendar-event-dialog';
import { EventFormDialog } from '../components/calendar-event-form-dialog';
import { MonthView } from '../components/calendar-month-view';
import { MoveEventDialog } from '../components/calendar-move-dialog';
import {
  CALENDAR_VIEW_LABELS,
  CALENDAR_VIEWS,
  daysWindow,
  defaultNewEventDay,
  eventsByDay,
  firstDay,
  formatEventWhen,
  movedStart,
  periodTitle,
  readCalendarState,
  stepDate,
  viewDays,
  writeCalendarState,
  type CalendarState,
  type CalendarView,
} from '../components/calendar-view.model';
import { canChangeEvent, canCreateEvents, type CalendarViewer } from '../components/calendar-viewer';
import { WeekView } from '../components/calendar-week-view';
import { useUrlSearchParams } from '@web/lib/use-url-search-params';

type OpenDialog =
  | { kind: 'create'; day: string }
  | { kind: 'details' | 'edit' | 'move' | 'delete'; event: CalendarEvent }
  | { kind: 'day'; day: string };

const PERIOD_NOUN: Record<CalendarView, string> = { month: 'month', week: 'week', list: '30 days' };

function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </Label>
      {children}
    </div>
  );
}

/**
 * Calendar (/calendar): month, week and list views of the events the user sees (company-wide and,
 * for a factory-scoped user, their factory's); view, date and filters in the URL. Create, edit,
 * move (drag and drop in the month, or Move in an event's details) and delete.
 */
export function CalendarPage({ title, viewer }: { title: string; viewer: CalendarViewer }) {
  const [searchParams, updateSearchParams] = useUrlSearchParams();
  const today = localToday();
  const state = useMemo(() => readCalendarState(searchParams, today), [searchParams, today]);
  const change = (patch: Partial<CalendarState>) =>
    updateSearchParams((current) => writeCalendarState({ ...readCalendarState(current, today), ...patch }), {
      replace: true,
    });
  const isMobile = useIsMobile();
  const categoryFieldId = useId();

  const days = useMemo(() => viewDays(state.view, state.date), [state.view, state.date]);
  const range = useMemo(() => daysWindow(days), [days]);
  const result = useCalendarEvents({
    ...range,
    category: state.category ?? undefined,
    factoryId: state.factoryId ?? undefined,
  });
  const events = useMemo(() => result.data?.items ?? [], [result.data]);
  const byDay = useMemo(() => eventsByDay(events, days), [events, days]);

  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const close = () => setDialog(null);
  const { mutateAsync: remove } = useDeleteCalendarEvent();
  const { mutate: move } = useMoveCalendarEvent();

  const canCreate = canCreateEvents(viewer);
  const create = canCreate ? (day: string) => setDialog({ kind: 'create', day }) : undefined;
  const open = (event: CalendarEvent) => setDialog({ kind: 'details', event });
  const canChange = (event: CalendarEvent) => canChangeEvent(viewer, event);
  const dropOn = (event: CalendarEvent, day: string) => {
    if (firstDay(event) === day) return;
    move(
      { id: event.id, startsAt: movedStart(event, day) },
      {
        onSuccess: (moved) => toast.success(`${moved.title} moved to ${formatEventWhen(moved)}`),
        onError: (error) => toast.error('Could not move the event', { description: errorMessage(error) }),
      },
    );
  };
  // The event as loaded now (a live update may have changed it since the dialog opened).
  const current = (event: CalendarEvent) => events.find((e) => e.id === event.id) ?? event;

  const heading = periodTitle(state.view, state.date);
  const newButton = canCreate ? (
    <Button size="sm" onClick={() => setDialog({ kind: 'create', day: defaultNewEventDay(state, today) })}>
      <PlusIcon aria-hidden="true" />
      New event
    </Button>
  ) : null;
  const empty = {
    title: 'No events in this period',
    description:
      state.category || state.factoryId
        ? 'No event matches the filters here: clear them or look at another period.'
        : 'Nothing is planned here yet.',
    action: newButton,
  };

  let body: ReactNode;
  if (result.isError && !result.data) {
    body = <LoadError what="the calendar" error={result.error} onRetry={() => void result.refetch()} />;
  } else if (!result.data) {
    body = (
      <div role="status" aria-label="Loading the calendar" className="grid grid-cols-7 gap-1">
        {Array.from({ length: 35 }, (_, i) => (
          <Skeleton key={i} className="h-24" />
        ))}
      </div>
    );
  } else if (state.view === 'list' || isMobile) {
    body = <Agenda label={`Events, ${heading}`} days={days} byDay={byDay} today={today} onOpen={open} empty={empty} />;
  } else if (state.view === 'week') {
    body = <WeekView title={heading} days={days} byDay={byDay} today={today} onOpen={open} onCreate={create} />;
  } else {
    body = (
      <MonthView
        title={heading}
        date={state.date}
        days={days}
        byDay={byDay}
        events={events}
        today={today}
        onOpen={open}
        onCreate={create}
        onDrop={dropOn}
        onShowDay={(day) => setDialog({ kind: 'day', day })}
        canChange={canChange}
      />
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={title}
        description={
          viewer.isGlobal
            ? 'Production, deliveries, meetings and holidays of every factory and the whole company.'
            : `Company-wide events and those of ${viewer.factory?.name ?? 'your factory'}.`
        }
      />
      <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="outline"
            size="icon"
            aria-label={`Previous ${PERIOD_NOUN[state.view]}`}
            onClick={() => change({ date: stepDate(state.view, state.date, -1) })}
          >
            <ChevronLeftIcon aria-hidden="true" />
          </Button>
          <Button variant="outline" onClick={() => change({ date: today })}>
            Today
          </Button>
          <Button
            variant="outline"
            size="icon"
            aria-label={`Next ${PERIOD_NOUN[state.view]}`}
            onClick={() => change({ date: stepDate(state.view, state.date, 1) })}
          >
            <ChevronRightIcon aria-hidden="true" />
          </Button>
          <h2 className="ml-1 text-lg font-semibold" aria-live="polite">
            {heading}
          </h2>
        </div>
        <div role="group" aria-label="View" className="inline-flex w-fit rounded-lg bg-muted p-[3px]">
          {CALENDAR_VIEWS.map((view) => (
            <Button
              key={view}
              size="sm"
              variant={view === state.view ? 'outline' : 'ghost'}
              aria-pressed={view === state.view}
              onClick={() => change({ view })}
            >
              {CALENDAR_VIEW_LABELS[view]}
            </Button>
          ))}
        </div>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end sm:justify-between">
        <div className="grid grid-cols-2 gap-3 sm:flex sm:items-end">
          <FilterField id={categoryFieldId} label="Category">
            <NativeSelect
              id={categoryFieldId}
              wrapperClassName="sm:w-44"
              value={state.category ?? ''}
              onChange={(e) => change({ category: (e.target.value || null) as CalendarCategory | null })}
            >
              <option value="">All categories</option>
              {CALENDAR_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {CALENDAR_CATEGORY_LABELS[c]}
                </option>
              ))}
            </NativeSelect>
          </FilterField>
          {viewer.isGlobal ? (
            <FactoryFilter
              value={state.factoryId ?? ''}
              hint="Company-wide events show with every factory."
              onChange={(factoryId) => change({ factoryId: factoryId || null })}
            />
          ) : null}
          {newButton ? <div className="col-span-2 sm:col-span-1">{newButton}</div> : null}
        </div>
        <CategoryLegend />
      </div>
      {result.data?.truncated ? (
        <p role="status" className="text-sm text-muted-foreground">
          Only the first events of this period are shown: filter by category or factory to see the rest.
        </p>
      ) : null}
      <div aria-busy={result.isFetching || undefined}>{body}</div>

      {dialog?.kind === 'create' ? <EventFormDialog viewer={viewer} day={dialog.day} onClose={close} /> : null}
      {dialog?.kind === 'edit' ? (
        <EventFormDialog viewer={viewer} event={current(dialog.event)} day={today} onClose={close} />
      ) : null}
      {dialog?.kind === 'move' ? <MoveEventDialog event={current(dialog.event)} onClose={close} /> : null}
      {dialog?.kind === 'details' ? (
        <EventDialog
          event={current(dialog.event)}
          canChange={canChange(current(dialog.event))}
          onEdit={() => setDialog({ kind: 'edit', event: dialog.event })}
          onMove={() => setDialog({ kind: 'move', event: dialog.event })}
          onDelete={() => setDialog({ kind: 'delete', event: dialog.event })}
          onClose={close}
        />
      ) : null}
      {dialog?.kind === 'day' ? (
        <DayDialog
          day={dialog.day}
          events={byDay.get(dialog.day) ?? []}
          onOpen={open}
          onCreate={create}
          onClose={close}
        />
      ) : null}
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        onOpenChange={(next) => (next ? undefined : close())}
        title="Delete this event?"
        description={
          dialog?.kind === 'delete'
            ? `${dialog.event.title} (${formatEventWhen(dialog.event)}) will be removed from the calendar.`
            : ''
        }
        confirmLabel="Delete event"
        busyLabel="Deleting..."
        errorTitle="Could not delete the event"
        onConfirm={async () => {
          if (dialog?.kind !== 'delete') return;
          await remove(dialog.event.id);
          toast.success(`${dialog.event.title} deleted`);
        }}
      />
    </div>
  );
}
