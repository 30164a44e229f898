import { useMutation, useQueryClient } from '@tanstack/react-query';
import { announcementSchema, type Announcement, type UpdateAnnouncement } from '@common/contracts/announcements';
import { apiClient } from '@web/lib/api-client';
import { announcementsQueryKey } from './get-announcements';

/** PATCH /api/announcements/:id (also pin and unpin). */
export async function updateAnnouncement({
  id,
  changes,
}: {
  id: string;
  changes: UpdateAnnouncement;
}): Promise<Announcement> {
  const data = await apiClient.patch(`/api/announcements/${encodeURIComponent(id)}`, changes);
  return announcementSchema.parse(data);
}

export function useUpdateAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAnnouncement,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementsQueryKey }),
  });
}
