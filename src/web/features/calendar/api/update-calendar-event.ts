import { useMutation, useQueryClient } from '@tanstack/react-query';
import { calendarEventSchema, type CalendarEvent, type UpdateCalendarEvent } from '@common/contracts/calendar';
import { apiClient } from '@web/lib/api-client';
import { calendarQueryKey } from './get-calendar-events';

/** PATCH /api/calendar/events/:id */
export async function updateCalendarEvent({
  id,
  changes,
}: {
  id: string;
  changes: UpdateCalendarEvent;
}): Promise<CalendarEvent> {
  const data = await apiClient.patch(`/api/calendar/events/${encodeURIComponent(id)}`, changes);
  return calendarEventSchema.parse(data);
}

export function useUpdateCalendarEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCalendarEvent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarQueryKey }),
  });
}
