import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { calendarEventListSchema, type CalendarEventList } from '@common/contracts/calendar';
import { apiClient } from '@web/lib/api-client';
import { withQuery } from '@web/lib/query-string';

/** Every calendar query starts with this key (changes and live updates invalidate it). */
export const calendarQueryKey = ['calendar'] as const;

/** from, to (ISO instants), category, factoryId: see listCalendarEventsQuerySchema. */
export interface CalendarEventsParams {
  from: string;
  to: string;
  category?: string | undefined;
  factoryId?: string | undefined;
}

/** GET /api/calendar/events */
export async function getCalendarEvents(
  params: CalendarEventsParams,
  signal?: AbortSignal,
): Promise<CalendarEventList> {
  const data = await apiClient.get(withQuery('/api/calendar/events', { ...params }), { signal });
  return calendarEventListSchema.parse(data);
}

export function calendarEventsQueryOptions(params: CalendarEventsParams) {
  return queryOptions({
    queryKey: [...calendarQueryKey, 'events', params],
    queryFn: ({ signal }) => getCalendarEvents(params, signal),
    // Keep the period on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useCalendarEvents(params: CalendarEventsParams) {
  return useQuery(calendarEventsQueryOptions(params));
}
