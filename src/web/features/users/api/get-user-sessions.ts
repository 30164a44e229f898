import { queryOptions, useQuery } from '@tanstack/react-query';
import { userSessionsSchema, type UserSession } from '@common/contracts/users';
import { apiClient } from '@web/lib/api-client';
import { usersQueryKey } from './get-users';

export const userSessionsQueryKey = (userId: string) => [...usersQueryKey, 'sessions', userId] as const;

/** GET /api/users/:id/sessions */
export async function getUserSessions(userId: string, signal?: AbortSignal): Promise<UserSession[]> {
  const data = await apiClient.get(`/api/users/${encodeURIComponent(userId)}/sessions`, { signal });
  return userSessionsSchema.parse(data).items;
}

export function userSessionsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: userSessionsQueryKey(userId),
    queryFn: ({ signal }) => getUserSessions(userId, signal),
    staleTime: 0,
  });
}

export function useUserSessions(userId: string) {
  return useQuery(userSessionsQueryOptions(userId));
}
