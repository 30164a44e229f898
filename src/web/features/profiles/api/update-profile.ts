import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileSchema, type Profile, type UpdateProfile } from '@common/contracts/profiles';
import { apiClient } from '@web/lib/api-client';
import { profilesQueryKey } from './get-profiles';

/** PATCH /api/profiles/:id */
export async function updateProfile({ id, changes }: { id: string; changes: UpdateProfile }): Promise<Profile> {
  const data = await apiClient.patch(`/api/profiles/${encodeURIComponent(id)}`, changes);
  return profileSchema.parse(data);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profilesQueryKey }),
  });
}
