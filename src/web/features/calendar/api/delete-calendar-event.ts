import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';
import { calendarQueryKey } from './get-calendar-events';

/** DELETE /api/calendar/events/:id */
export async function deleteCalendarEvent(id: string): Promise<void> {
  await apiClient.delete(`/api/calendar/events/${encodeURIComponent(id)}`);
}

export function useDeleteCalendarEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCalendarEvent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarQueryKey }),
  });
}
