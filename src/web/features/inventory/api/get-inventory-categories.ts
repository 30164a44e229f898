import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@common/contracts/list';
import { inventoryCategoryListSchema, type InventoryCategory } from '@common/contracts/inventory';
import { apiClient } from '@web/lib/api-client';
import { withQuery } from '@web/lib/query-string';
import { inventoryKey } from './inventory-query-keys';

/** q, sort, dir, limit, cursor, active: see listInventoryCategoriesQuerySchema. */
export type InventoryCategoriesParams = Readonly<Record<string, string | number | undefined>>;

/** GET /api/inventory/categories */
export async function getInventoryCategories(
  params: InventoryCategoriesParams,
  signal?: AbortSignal,
): Promise<ListResponse<InventoryCategory>> {
  const data = await apiClient.get(withQuery('/api/inventory/categories', params), { signal });
  return inventoryCategoryListSchema.parse(data);
}

export function inventoryCategoriesQueryOptions(params: InventoryCategoriesParams) {
  return queryOptions({
    queryKey: inventoryKey('categories', params),
    queryFn: ({ signal }) => getInventoryCategories(params, signal),
    // Keep the rows on screen while the next page or filter loads.
    placeholderData: keepPreviousData,
  });
}

export function useInventoryCategories(params: InventoryCategoriesParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...inventoryCategoriesQueryOptions(params), enabled: options.enabled ?? true });
}
