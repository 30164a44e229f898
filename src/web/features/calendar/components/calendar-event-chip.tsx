import type { CalendarEvent } from '@common/contracts/calendar';
import { CALENDAR_CATEGORY_LABELS } from '@common/contracts/calendar';
import { cn } from '@web/lib/utils';
import { CATEGORY_STYLES } from './calendar-category';
import { viewerTime } from '@web/lib/time-zone';

/** The drag data type of an event being moved to another day. */
export const EVENT_DRAG_TYPE = 'application/x-calendar-event';

interface EventChipProps {
  event: CalendarEvent;
  /** The event may be dragged to another day (the user may change it). */
  draggable: boolean;
  onOpen: (event: CalendarEvent) => void;
}

/**
 * An event in the month grid: category colour and icon, start time, title. Opens the details;
 * dragged onto another day, moves there (the details' Move does the same from the keyboard).
 */
export function EventChip({ event, draggable, onOpen }: EventChipProps) {
  const style = CATEGORY_STYLES[event.category];
  const Icon = style.icon;
  return (
    <button
      type="button"
      draggable={draggable}
      onDragStart={(e) => {
        e.dataTransfer.setData(EVENT_DRAG_TYPE, event.id);
        e.dataTransfer.setData('text/plain', event.title);
        e.dataTransfer.effectAllowed = 'move';
      }}
      onClick={(e) => {
        e.stopPropagation();
        onOpen(event);
      }}
      className={cn(
        'flex w-full min-w-0 items-center gap-1 rounded-sm border-l-4 px-1 py-0.5 text-left text-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
        style.chip,
        draggable && 'cursor-grab active:cursor-grabbing',
      )}
      data-event-id={event.id}
    >
      <Icon className="size-3 shrink-0" aria-hidden="true" />
      <span className="sr-only">{CALENDAR_CATEGORY_LABELS[event.category]}: </span>
      {event.allDay ? null : <span className="shrink-0 tabular-nums">{viewerTime(new Date(event.startsAt))}</span>}
      <span className="truncate font-medium">{event.title}</span>
      {event.factory ? <span className="sr-only"> at {event.factory.code}</span> : null}
    </button>
  );
}
