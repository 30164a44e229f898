import { useId } from 'react';
import { useController, useWatch, type UseFormReturn } from 'react-hook-form';
import type { CalendarEvent } from '@common/contracts/calendar';
import { SelectField, TextareaField, TextField } from '@web/components/form/form-fields';
import { FormDialog } from '@web/components/form/form-dialog';
import { useAppForm } from '@web/components/form/use-app-form';
import { Checkbox } from '@web/components/ui/checkbox';
import { Label } from '@web/components/ui/label';
import { useFactoryOptions } from '@web/lib/factory-options';
import { useCreateCalendarEvent } from '../api/create-calendar-event';
import { useUpdateCalendarEvent } from '../api/update-calendar-event';
import {
  CATEGORY_OPTIONS,
  eventFormSchema,
  eventValues,
  newEventValues,
  type EventFormValues,
  type EventRequest,
} from './calendar-event-form.model';
import type { CalendarViewer } from './calendar-viewer';

interface EventFormDialogProps {
  viewer: CalendarViewer;
  /** The event to edit; none: a new event on `day`. */
  event?: CalendarEvent | undefined;
  day: string;
  onClose: () => void;
}

function AllDayField({ form }: { form: UseFormReturn<EventFormValues, unknown, EventRequest> }) {
  const id = useId();
  const {
    field: { ref, value, onChange, onBlur },
  } = useController({ control: form.control, name: 'allDay' });
  return (
    <div className="flex items-center gap-2 sm:col-span-2">
      <Checkbox
        id={id}
        ref={ref}
        checked={value}
        onCheckedChange={(checked) => onChange(checked === true)}
        onBlur={onBlur}
      />
      <Label htmlFor={id}>All day</Label>
    </div>
  );
}

/**
 * New event / Edit event: title, description, all day, start and end (days, and times when not all
 * day, on this device's clock), category and factory (company-wide for global users; a
 * factory-scoped user's own factory, fixed).
 */
export function EventFormDialog({ viewer, event, day, onClose }: EventFormDialogProps) {
  const factories = useFactoryOptions();
  const { mutateAsync: create } = useCreateCalendarEvent();
  const { mutateAsync: update } = useUpdateCalendarEvent();
  const own = viewer.isGlobal ? null : viewer.factory;

  const { form, onSubmit, isSubmitting, isDirty } = useAppForm({
    schema: eventFormSchema,
    defaultValues: event ? eventValues(event) : newEventValues(day, own?.id ?? null),
    onSubmit: (request) => (event ? update({ id: event.id, changes: request }) : create(request)),
    successMessage: (saved) => `${saved.title} ${event ? 'saved' : 'added to the calendar'}`,
    onSuccess: onClose,
    errorTitle: event ? 'Could not save the event' : 'Could not create the event',
  });
  const allDay = useWatch({ control: form.control, name: 'allDay' });

  const factoryOptions = own
    ? [{ value: own.id, label: `${own.code} — ${own.name}` }]
    : (factories.data ?? [])
        .filter((f) => f.active || f.id === event?.factory?.id)
        .map((f) => ({ value: f.id, label: `${f.code} — ${f.name}` }));

  return (
    <FormDialog
      title={event ? 'Edit event' : 'New event'}
      description={
        event
          ? 'Change the event. Times are on this device’s clock.'
          : 'Plan an event for a factory or the whole company. Times are on this device’s clock.'
      }
      onSubmit={onSubmit}
      isSubmitting={isSubmitting}
      isDirty={isDirty}
      onClose={onClose}
      submitLabel={event ? 'Save event' : 'Create event'}
      busyText="Saving..."
      contentClassName="max-h-[90svh] overflow-y-auto sm:max-w-2xl"
      formClassName="grid gap-4 sm:grid-cols-2"
      footerClassName="sm:col-span-2"
    >
      <TextField form={form} name="title" label="Title" autoComplete="off" maxLength={200} className="sm:col-span-2" />
      <AllDayField form={form} />
      <TextField form={form} name="startDate" label={allDay ? 'First day' : 'Start date'} type="date" />
      {allDay ? null : <TextField form={form} name="startTime" label="Start time" type="time" />}
      <TextField form={form} name="endDate" label={allDay ? 'Last day' : 'End date'} type="date" />
      {allDay ? null : <TextField form={form} name="endTime" label="End time" type="time" />}
      <SelectField
        form={form}
        name="category"
        label="Category"
        placeholder="Select a category"
        options={CATEGORY_OPTIONS}
      />
      <SelectField
        form={form}
        name="factoryId"
        label="Factory"
        placeholder={own ? undefined : 'Company-wide (every factory)'}
        options={factoryOptions}
        disabled={own !== null}
        description={own ? 'Your factory: you plan its events.' : undefined}
      />
      <TextareaField
        form={form}
        name="description"
        label="Description"
        rows={3}
        maxLength={4000}
        className="sm:col-span-2"
      />
    </FormDialog>
  );
}
