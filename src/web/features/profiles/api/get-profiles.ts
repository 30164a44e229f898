import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@common/contracts/list';
import { profileListSchema, type Profile } from '@common/contracts/profiles';
import { apiClient } from '@web/lib/api-client';
import { withQuery } from '@web/lib/query-string';

/** Every profiles query starts with this key (invalidate it after a change). */
export const profilesQueryKey = ['profiles'] as const;

/** q, sort, dir, limit, cursor: see listProfilesQuerySchema. */
export type ProfileListParams = Readonly<Record<string, string | number | undefined>>;

/** GET /api/profiles */
export async function getProfiles(params: ProfileListParams, signal?: AbortSignal): Promise<ListResponse<Profile>> {
  const data = await apiClient.get(withQuery('/api/profiles', params), { signal });
  return profileListSchema.parse(data);
}

export function profilesQueryOptions(params: ProfileListParams) {
  return queryOptions({
    queryKey: [...profilesQueryKey, 'list', params],
    queryFn: ({ signal }) => getProfiles(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useProfiles(params: ProfileListParams) {
  return useQuery(profilesQueryOptions(params));
}
