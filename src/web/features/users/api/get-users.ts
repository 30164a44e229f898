import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@common/contracts/list';
import { userListSchema, type User } from '@common/contracts/users';
import { apiClient } from '@web/lib/api-client';
import { withQuery } from '@web/lib/query-string';

/** Every users query starts with this key (invalidate it after a change). */
export const usersQueryKey = ['users'] as const;

/** The export of the same list: GET /api/users/export.csv with the list's search, filters and sort. */
export const USERS_EXPORT_PATH = '/api/users/export.csv';

/** q, sort, dir, limit, cursor, group, factoryId, active: see listUsersQuerySchema. */
export type UserListParams = Readonly<Record<string, string | number | undefined>>;

/** GET /api/users */
export async function getUsers(params: UserListParams, signal?: AbortSignal): Promise<ListResponse<User>> {
  const data = await apiClient.get(withQuery('/api/users', params), { signal });
  return userListSchema.parse(data);
}

export function usersQueryOptions(params: UserListParams) {
  return queryOptions({
    queryKey: [...usersQueryKey, 'list', params],
    queryFn: ({ signal }) => getUsers(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useUsers(params: UserListParams) {
  return useQuery(usersQueryOptions(params));
}
