/**
 * GET /api/sales/options: the active sales packages and categories, for the selects and filters of
 * the sales screens and the sales order form, and for the partner form's default sales category.
 * One api file, shared, so one cache entry; its key starts with `sales`, so every sales change
 * refreshes it.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { salesOptionsSchema, type SalesOptions } from '@common/contracts/sales';
import { apiClient } from './api-client';

export async function getSalesOptions(signal?: AbortSignal): Promise<SalesOptions> {
  const data = await apiClient.get('/api/sales/options', { signal });
  return salesOptionsSchema.parse(data);
}

export function salesOptionsQueryOptions() {
  return queryOptions({
    queryKey: ['sales', 'options'],
    queryFn: ({ signal }) => getSalesOptions(signal),
  });
}

export function useSalesOptions() {
  return useQuery(salesOptionsQueryOptions());
}
