import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { announcementListSchema, type Announcement } from '@common/contracts/announcements';
import type { ListResponse } from '@common/contracts/list';
import { apiClient } from '@web/lib/api-client';
import { withQuery } from '@web/lib/query-string';

/**
 * Every announcements query starts with this key (invalidate it after a change); the live-update
 * hook invalidates it when an announcement is published or changed.
 */
export const announcementsQueryKey = ['announcements'] as const;

/** q, sort, dir, limit, cursor, status, pinned: see listAnnouncementsQuerySchema. */
export type AnnouncementListParams = Readonly<Record<string, string | number | undefined>>;

/** GET /api/announcements */
export async function getAnnouncements(
  params: AnnouncementListParams,
  signal?: AbortSignal,
): Promise<ListResponse<Announcement>> {
  const data = await apiClient.get(withQuery('/api/announcements', params), { signal });
  return announcementListSchema.parse(data);
}

export function announcementsQueryOptions(params: AnnouncementListParams) {
  return queryOptions({
    queryKey: [...announcementsQueryKey, 'list', params],
    queryFn: ({ signal }) => getAnnouncements(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAnnouncements(params: AnnouncementListParams) {
  return useQuery(announcementsQueryOptions(params));
}
