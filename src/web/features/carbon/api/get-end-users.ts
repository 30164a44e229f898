import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { endUserListSchema, type EndUser } from '@common/contracts/carbon';
import type { ListResponse } from '@common/contracts/list';
import { apiClient } from '@web/lib/api-client';
import { withQuery } from '@web/lib/query-string';

/** Every end users query starts with this key (invalidate it after a registration). */
export const endUsersQueryKey = ['carbon', 'end-users'] as const;

/** The export of the same list, with the list's search, filters and sort. */
export const END_USERS_EXPORT_PATH = '/api/carbon/end-users/export.csv';

/** The import template: the header line and an example row. */
export const END_USERS_TEMPLATE_PATH = '/api/carbon/end-users/template.csv';

/** q, sort, dir, limit, cursor, status, partnerId, factoryId: see listEndUsersQuerySchema. */
export type EndUserListParams = Readonly<Record<string, string | number | undefined>>;

/** GET /api/carbon/end-users */
export async function getEndUsers(params: EndUserListParams, signal?: AbortSignal): Promise<ListResponse<EndUser>> {
  const data = await apiClient.get(withQuery('/api/carbon/end-users', params), { signal });
  return endUserListSchema.parse(data);
}

export function endUsersQueryOptions(params: EndUserListParams) {
  return queryOptions({
    queryKey: [...endUsersQueryKey, 'list', params],
    queryFn: ({ signal }) => getEndUsers(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useEndUsers(params: EndUserListParams) {
  return useQuery(endUsersQueryOptions(params));
}
