import { useMemo } from 'react';
import type { CalendarEvent } from '@common/contracts/calendar';
import { TextField } from '@web/components/form/form-fields';
import { FormDialog } from '@web/components/form/form-dialog';
import { useAppForm } from '@web/components/form/use-app-form';
import { useMoveCalendarEvent } from '../api/move-calendar-event';
import { moveFormSchema, moveValues } from './calendar-event-form.model';
import { formatEventWhen } from './calendar-view.model';

/**
 * Move an event (the keyboard way; the month view also takes drag and drop): a new date, and a
 * new start time for a timed event. The event keeps its length.
 */
export function MoveEventDialog({ event, onClose }: { event: CalendarEvent; onClose: () => void }) {
  const { mutateAsync: move } = useMoveCalendarEvent();
  const schema = useMemo(() => moveFormSchema(event.allDay), [event.allDay]);
  const { form, onSubmit, isSubmitting, isDirty } = useAppForm({
    schema,
    defaultValues: moveValues(event),
    onSubmit: ({ startsAt }) => move({ id: event.id, startsAt }),
    successMessage: (moved) => `${moved.title} moved to ${formatEventWhen(moved)}`,
    onSuccess: onClose,
    errorTitle: 'Could not move the event',
  });

  return (
    <FormDialog
      title="Move event"
      description={`${event.title}: now ${formatEventWhen(event)}. It keeps its length.`}
      onSubmit={onSubmit}
      isSubmitting={isSubmitting}
      isDirty={isDirty}
      onClose={onClose}
      submitLabel="Move event"
      busyText="Moving..."
      formClassName="grid gap-4 sm:grid-cols-2"
      footerClassName="sm:col-span-2"
    >
      <TextField form={form} name="date" label={event.allDay ? 'New first day' : 'New date'} type="date" />
      {event.allDay ? null : <TextField form={form} name="time" label="New start time" type="time" />}
    </FormDialog>
  );
}
