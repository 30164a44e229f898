import { useMutation, useQueryClient } from '@tanstack/react-query';
import { calendarEventSchema, type CalendarEvent } from '@common/contracts/calendar';
import { apiClient } from '@web/lib/api-client';
import { calendarQueryKey } from './get-calendar-events';

/** POST /api/calendar/events/:id/move: a new start; the event keeps its duration. */
export async function moveCalendarEvent({ id, startsAt }: { id: string; startsAt: string }): Promise<CalendarEvent> {
  const data = await apiClient.post(`/api/calendar/events/${encodeURIComponent(id)}/move`, { startsAt });
  return calendarEventSchema.parse(data);
}

export function useMoveCalendarEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveCalendarEvent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarQueryKey }),
  });
}
