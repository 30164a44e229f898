import { queryOptions, useQuery } from '@tanstack/react-query';
import { upcomingCalendarEventsSchema, type CalendarEvent } from '@common/contracts/calendar';
import { apiClient } from '@web/lib/api-client';
import { withQuery } from '@web/lib/query-string';
import { calendarQueryKey } from './get-calendar-events';

/** GET /api/calendar/upcoming: the next events not over yet (the user's scope). */
export async function getUpcomingEvents(
  params: { limit: number; factoryId?: string | undefined },
  signal?: AbortSignal,
): Promise<CalendarEvent[]> {
  const data = await apiClient.get(withQuery('/api/calendar/upcoming', { ...params }), { signal });
  return upcomingCalendarEventsSchema.parse(data).items;
}

export function upcomingEventsQueryOptions(params: { limit: number; factoryId?: string | undefined }) {
  return queryOptions({
    queryKey: [...calendarQueryKey, 'upcoming', params],
    queryFn: ({ signal }) => getUpcomingEvents(params, signal),
  });
}

export function useUpcomingEvents(params: { limit: number; factoryId?: string | undefined }) {
  return useQuery(upcomingEventsQueryOptions(params));
}
