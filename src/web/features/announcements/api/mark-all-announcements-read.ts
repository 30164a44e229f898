import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unreadAnnouncementsSchema, type UnreadAnnouncements } from '@common/contracts/announcements';
import { apiClient } from '@web/lib/api-client';
import { myAnnouncementsQueryKey } from './get-my-announcements';

/** POST /api/announcements/read-all: my unread count afterwards (0). */
export async function markAllAnnouncementsRead(): Promise<UnreadAnnouncements> {
  const data = await apiClient.post('/api/announcements/read-all');
  return unreadAnnouncementsSchema.parse(data);
}

export function useMarkAllAnnouncementsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllAnnouncementsRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myAnnouncementsQueryKey }),
  });
}
