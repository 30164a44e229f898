import { queryOptions, useQuery } from '@tanstack/react-query';
import { myAnnouncementsSchema, type MyAnnouncements } from '@common/contracts/announcements';
import { apiClient } from '@web/lib/api-client';
import { announcementsQueryKey } from './get-announcements';

/** My announcements' queries (list and unread count) start with this key. */
export const myAnnouncementsQueryKey = [...announcementsQueryKey, 'mine'] as const;

/** GET /api/announcements/mine: published, addressed to me; pinned first, then newest. */
export async function getMyAnnouncements(signal?: AbortSignal): Promise<MyAnnouncements> {
  const data = await apiClient.get('/api/announcements/mine', { signal });
  return myAnnouncementsSchema.parse(data);
}

export function myAnnouncementsQueryOptions() {
  return queryOptions({
    queryKey: [...myAnnouncementsQueryKey, 'list'],
    queryFn: ({ signal }) => getMyAnnouncements(signal),
    staleTime: 0,
  });
}

/** `enabled`: false until the list is wanted (the header's panel is closed). */
export function useMyAnnouncements(enabled = true) {
  return useQuery({ ...myAnnouncementsQueryOptions(), enabled });
}
