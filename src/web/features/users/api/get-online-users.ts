import { queryOptions, useQuery } from '@tanstack/react-query';
import { ACTIVITY_PING_INTERVAL_MS } from '@common/constants';
import { onlineUsersSchema, type OnlineUser } from '@common/contracts/users';
import { apiClient } from '@web/lib/api-client';
import { usersQueryKey } from './get-users';

/** GET /api/users/online */
export async function getOnlineUsers(signal?: AbortSignal): Promise<OnlineUser[]> {
  const data = await apiClient.get('/api/users/online', { signal });
  return onlineUsersSchema.parse(data).items;
}

export function onlineUsersQueryOptions() {
  return queryOptions({
    queryKey: [...usersQueryKey, 'online'],
    queryFn: ({ signal }) => getOnlineUsers(signal),
    // Tabs ping every 30 s; follow them at the same pace.
    refetchInterval: ACTIVITY_PING_INTERVAL_MS,
    staleTime: 0,
  });
}

export function useOnlineUsers() {
  return useQuery(onlineUsersQueryOptions());
}
