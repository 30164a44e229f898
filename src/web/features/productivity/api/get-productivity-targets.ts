import { queryOptions, useQuery } from '@tanstack/react-query';
import { productivityTargetListSchema, type ProductivityTargetList } from '@common/contracts/productivity';
import { apiClient } from '@web/lib/api-client';

/** Every productivity target query starts with this key (invalidate it after a change). */
export const productivityTargetsQueryKey = ['productivity-targets'] as const;

/** GET /api/productivity/targets */
export async function getProductivityTargets(signal?: AbortSignal): Promise<ProductivityTargetList> {
  const data = await apiClient.get('/api/productivity/targets', { signal });
  return productivityTargetListSchema.parse(data);
}

export function productivityTargetsQueryOptions() {
  return queryOptions({
    queryKey: productivityTargetsQueryKey,
    queryFn: ({ signal }) => getProductivityTargets(signal),
  });
}

export function useProductivityTargets() {
  return useQuery(productivityTargetsQueryOptions());
}
