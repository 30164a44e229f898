import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unreadAnnouncementsSchema, type UnreadAnnouncements } from '@common/contracts/announcements';
import { apiClient } from '@web/lib/api-client';
import { myAnnouncementsQueryKey } from './get-my-announcements';

/** POST /api/announcements/:id/read (idempotent): my unread count afterwards. */
export async function markAnnouncementRead(id: string): Promise<UnreadAnnouncements> {
  const data = await apiClient.post(`/api/announcements/${encodeURIComponent(id)}/read`);
  return unreadAnnouncementsSchema.parse(data);
}

export function useMarkAnnouncementRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAnnouncementRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myAnnouncementsQueryKey }),
  });
}
