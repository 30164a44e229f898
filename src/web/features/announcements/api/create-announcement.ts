import { useMutation, useQueryClient } from '@tanstack/react-query';
import { announcementSchema, type Announcement, type CreateAnnouncement } from '@common/contracts/announcements';
import { apiClient } from '@web/lib/api-client';
import { announcementsQueryKey } from './get-announcements';

/** POST /api/announcements */
export async function createAnnouncement(input: CreateAnnouncement): Promise<Announcement> {
  const data = await apiClient.post('/api/announcements', input);
  return announcementSchema.parse(data);
}

export function useCreateAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAnnouncement,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementsQueryKey }),
  });
}
