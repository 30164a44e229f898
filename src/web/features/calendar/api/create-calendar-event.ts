import { useMutation, useQueryClient } from '@tanstack/react-query';
import { calendarEventSchema, type CalendarEvent, type CreateCalendarEvent } from '@common/contracts/calendar';
import { apiClient } from '@web/lib/api-client';
import { calendarQueryKey } from './get-calendar-events';

/** POST /api/calendar/events */
export async function createCalendarEvent(input: CreateCalendarEvent): Promise<CalendarEvent> {
  const data = await apiClient.post('/api/calendar/events', input);
  return calendarEventSchema.parse(data);
}

export function useCreateCalendarEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCalendarEvent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarQueryKey }),
  });
}
