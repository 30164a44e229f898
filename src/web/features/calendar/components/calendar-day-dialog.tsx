import { PlusIcon } from 'lucide-react';
import type { CalendarEvent } from '@common/contracts/calendar';
import { plural } from '@common/counted';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { EventRow } from './calendar-agenda';
import { formatLongDay } from './calendar-view.model';

interface DayDialogProps {
  day: string;
  events: CalendarEvent[];
  onOpen: (event: CalendarEvent) => void;
  onCreate?: ((day: string) => void) | undefined;
  onClose: () => void;
}

/** Every event of one day (the month grid's "+N more"). */
export function DayDialog({ day, events, onOpen, onCreate, onClose }: DayDialogProps) {
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{formatLongDay(day)}</DialogTitle>
          <DialogDescription>
            {events.length} {plural(events.length, 'event', 'events')}, all-day ones first.
          </DialogDescription>
        </DialogHeader>
        <ul className="flex flex-col gap-2">
          {events.map((event) => (
            <li key={event.id}>
              <EventRow event={event} onOpen={onOpen} />
            </li>
          ))}
        </ul>
        {onCreate ? (
          <DialogFooter>
            <Button variant="outline" onClick={() => onCreate(day)}>
              <PlusIcon aria-hidden="true" />
              New event on this day
            </Button>
          </DialogFooter>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
