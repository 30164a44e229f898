import { queryOptions, useQuery } from '@tanstack/react-query';
import { groupPermissionsSchema, type GroupPermissions } from '@common/contracts/group-permissions';
import { apiClient } from '@web/lib/api-client';

export const groupPermissionsQueryKey = ['group-permissions'] as const;

/** GET /api/group-permissions */
export async function getGroupPermissions(signal?: AbortSignal): Promise<GroupPermissions> {
  const data = await apiClient.get('/api/group-permissions', { signal });
  return groupPermissionsSchema.parse(data);
}

export function groupPermissionsQueryOptions() {
  return queryOptions({
    queryKey: groupPermissionsQueryKey,
    queryFn: ({ signal }) => getGroupPermissions(signal),
  });
}

export function useGroupPermissions() {
  return useQuery(groupPermissionsQueryOptions());
}
