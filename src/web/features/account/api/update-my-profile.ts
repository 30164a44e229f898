import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountSchema, type Account, type UpdateMyProfile } from '@common/contracts/account';
import { apiClient } from '@web/lib/api-client';

/** PATCH /api/me/profile */
export async function updateMyProfile(input: UpdateMyProfile): Promise<Account> {
  return accountSchema.parse(await apiClient.patch('/api/me/profile', input));
}

export function useUpdateMyProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMyProfile,
    // The name shows in the header too: refetch everything on screen.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
