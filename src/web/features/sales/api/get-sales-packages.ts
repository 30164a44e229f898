import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@common/contracts/list';
import { salesPackageListSchema, type SalesPackage } from '@common/contracts/sales';
import { apiClient } from '@web/lib/api-client';
import { withQuery } from '@web/lib/query-string';
import { salesQueryKey } from './sales-query-keys';

/** q, sort, dir, limit, cursor, active, ckdCategoryId: see listSalesPackagesQuerySchema. */
export type SalesPackageListParams = Readonly<Record<string, string | number | undefined>>;

/** GET /api/sales/packages */
export async function getSalesPackages(
  params: SalesPackageListParams,
  signal?: AbortSignal,
): Promise<ListResponse<SalesPackage>> {
  const data = await apiClient.get(withQuery('/api/sales/packages', params), { signal });
  return salesPackageListSchema.parse(data);
}

export function salesPackagesQueryOptions(params: SalesPackageListParams) {
  return queryOptions({
    queryKey: [...salesQueryKey, 'packages', params],
    queryFn: ({ signal }) => getSalesPackages(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSalesPackages(params: SalesPackageListParams) {
  return useQuery(salesPackagesQueryOptions(params));
}
