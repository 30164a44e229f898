import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@common/contracts/list';
import { partnerListSchema, type Partner } from '@common/contracts/partners';
import { apiClient } from '@web/lib/api-client';
import { withQuery } from '@web/lib/query-string';

/** Every partners query starts with this key (invalidate it after a change). */
export const partnersQueryKey = ['partners'] as const;

/** The export of the same list: GET /api/partners/export.csv with the list's search, filters and sort. */
export const PARTNERS_EXPORT_PATH = '/api/partners/export.csv';

/** q, sort, dir, limit, cursor, type, active, region: see listPartnersQuerySchema. */
export type PartnerListParams = Readonly<Record<string, string | number | undefined>>;

/** GET /api/partners */
export async function getPartners(params: PartnerListParams, signal?: AbortSignal): Promise<ListResponse<Partner>> {
  const data = await apiClient.get(withQuery('/api/partners', params), { signal });
  return partnerListSchema.parse(data);
}

export function partnersQueryOptions(params: PartnerListParams) {
  return queryOptions({
    queryKey: [...partnersQueryKey, 'list', params],
    queryFn: ({ signal }) => getPartners(params, signal),
    // Keep the rows on screen while the next page or filter loads.
    placeholderData: keepPreviousData,
  });
}

export function usePartners(params: PartnerListParams) {
  return useQuery(partnersQueryOptions(params));
}
