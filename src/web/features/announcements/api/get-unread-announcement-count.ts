import { queryOptions, useQuery } from '@tanstack/react-query';
import { unreadAnnouncementsSchema } from '@common/contracts/announcements';
import { apiClient } from '@web/lib/api-client';
import { myAnnouncementsQueryKey } from './get-my-announcements';

/** How often the header asks again (a scheduled announcement appears at its publish time). */
export const UNREAD_COUNT_REFETCH_MS = 60_000;

/** GET /api/announcements/mine/unread-count */
export async function getUnreadAnnouncementCount(signal?: AbortSignal): Promise<number> {
  const data = await apiClient.get('/api/announcements/mine/unread-count', { signal });
  return unreadAnnouncementsSchema.parse(data).unread;
}

export function unreadAnnouncementCountQueryOptions() {
  return queryOptions({
    queryKey: [...myAnnouncementsQueryKey, 'unread-count'],
    queryFn: ({ signal }) => getUnreadAnnouncementCount(signal),
    staleTime: 0,
    refetchInterval: UNREAD_COUNT_REFETCH_MS,
  });
}

export function useUnreadAnnouncementCount() {
  return useQuery(unreadAnnouncementCountQueryOptions());
}
