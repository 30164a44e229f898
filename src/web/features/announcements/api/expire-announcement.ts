import { useMutation, useQueryClient } from '@tanstack/react-query';
import { announcementSchema, type Announcement } from '@common/contracts/announcements';
import { apiClient } from '@web/lib/api-client';
import { announcementsQueryKey } from './get-announcements';

/** POST /api/announcements/:id/expire (409 when already expired). */
export async function expireAnnouncement(id: string): Promise<Announcement> {
  const data = await apiClient.post(`/api/announcements/${encodeURIComponent(id)}/expire`);
  return announcementSchema.parse(data);
}

export function useExpireAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: expireAnnouncement,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementsQueryKey }),
  });
}
