import { queryOptions, useQuery } from '@tanstack/react-query';
import { invitationSchema, type Invitation } from '@common/contracts/invitations';
import { apiClient } from '@web/lib/api-client';

/** GET /api/auth/invitation?token=: who the mailed link is for (404 INVALID_TOKEN when it no longer works). */
export async function getInvitation(token: string, signal?: AbortSignal): Promise<Invitation> {
  const data = await apiClient.get(`/api/auth/invitation?token=${encodeURIComponent(token)}`, { signal });
  return invitationSchema.parse(data);
}

export function invitationQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['invitation', token],
    queryFn: ({ signal }) => getInvitation(token, signal),
    // The link is used once: never show a cached answer for it.
    staleTime: 0,
    gcTime: 0,
  });
}

export function useInvitation(token: string) {
  return useQuery(invitationQueryOptions(token));
}
