import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  productivityTrackerSchema,
  type ProductivityTracker,
  type ProductivityTrackerQuery,
} from '@common/contracts/productivity';
import { apiClient } from '@web/lib/api-client';
import { withQuery } from '@web/lib/query-string';

/** Every tracker query starts with this key (invalidate it after a target changes). */
export const productivityTrackerQueryKey = ['productivity-tracker'] as const;

/** GET /api/productivity/tracker */
export async function getProductivityTracker(
  query: ProductivityTrackerQuery,
  signal?: AbortSignal,
): Promise<ProductivityTracker> {
  const data = await apiClient.get(withQuery('/api/productivity/tracker', { ...query }), { signal });
  return productivityTrackerSchema.parse(data);
}

export function productivityTrackerQueryOptions(query: ProductivityTrackerQuery) {
  return queryOptions({
    queryKey: [...productivityTrackerQueryKey, query],
    queryFn: ({ signal }) => getProductivityTracker(query, signal),
    // Keep the figures on screen while another range loads.
    placeholderData: keepPreviousData,
  });
}

/** `query` null: the filters are not valid yet, nothing is asked. */
export function useProductivityTracker(query: ProductivityTrackerQuery | null) {
  return useQuery({
    ...productivityTrackerQueryOptions(query ?? { from: '', to: '' }),
    enabled: query !== null,
  });
}
