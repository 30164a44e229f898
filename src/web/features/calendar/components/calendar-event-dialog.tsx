import { MoveIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import type { CalendarEvent } from '@common/contracts/calendar';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { formatDateTime } from '@web/lib/format';
import { CategoryBadge } from './calendar-category';
import { formatEventWhen } from './calendar-view.model';

interface EventDialogProps {
  event: CalendarEvent;
  /** Edit, Move and Delete show only when the user may change the event. */
  canChange: boolean;
  onEdit: () => void;
  onMove: () => void;
  onDelete: () => void;
  onClose: () => void;
}

/** One event's details, with Edit, Move and Delete for those who may change it. */
export function EventDialog({ event, canChange, onEdit, onMove, onDelete, onClose }: EventDialogProps) {
  const person = event.updatedBy ?? event.createdBy;
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle className="pr-6">{event.title}</DialogTitle>
          <DialogDescription>{formatEventWhen(event)}</DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-muted-foreground">Category</dt>
          <dd>
            <CategoryBadge category={event.category} />
          </dd>
          <dt className="text-muted-foreground">Factory</dt>
          <dd>{event.factory ? `${event.factory.code} — ${event.factory.name}` : 'Company-wide'}</dd>
          {event.description ? (
            <>
              <dt className="text-muted-foreground">Description</dt>
              <dd className="break-words whitespace-pre-wrap">{event.description}</dd>
            </>
          ) : null}
          <dt className="text-muted-foreground">Last change</dt>
          <dd>
            {formatDateTime(event.updatedAt)}
            {person ? ` by ${person.name ?? person.email}` : ''}
          </dd>
        </dl>
        {canChange ? (
          <DialogFooter className="gap-2">
            <Button variant="outline" onClick={onDelete}>
              <Trash2Icon aria-hidden="true" />
              Delete
            </Button>
            <Button variant="outline" onClick={onMove}>
              <MoveIcon aria-hidden="true" />
              Move
            </Button>
            <Button onClick={onEdit}>
              <PencilIcon aria-hidden="true" />
              Edit
            </Button>
          </DialogFooter>
        ) : (
          <p className="text-sm text-muted-foreground">
            {event.factory
              ? 'Only this factory’s users can change it.'
              : 'Company-wide events are planned by head office.'}
          </p>
        )}
      </DialogContent>
    </Dialog>
  );
}
