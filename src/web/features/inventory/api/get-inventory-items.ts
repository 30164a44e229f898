import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@common/contracts/list';
import { inventoryItemListSchema, type InventoryItem } from '@common/contracts/inventory';
import { apiClient } from '@web/lib/api-client';
import { withQuery } from '@web/lib/query-string';
import { inventoryKey } from './inventory-query-keys';

/** The export of the same list, with the list's search, filters and sort. */
export const INVENTORY_ITEMS_EXPORT_PATH = '/api/inventory/items/export.csv';

/** q, sort, dir, limit, cursor, active, categoryId, unitId: see listInventoryItemsQuerySchema. */
export type InventoryItemsParams = Readonly<Record<string, string | number | undefined>>;

/** GET /api/inventory/items */
export async function getInventoryItems(
  params: InventoryItemsParams,
  signal?: AbortSignal,
): Promise<ListResponse<InventoryItem>> {
  const data = await apiClient.get(withQuery('/api/inventory/items', params), { signal });
  return inventoryItemListSchema.parse(data);
}

export function inventoryItemsQueryOptions(params: InventoryItemsParams) {
  return queryOptions({
    queryKey: inventoryKey('items', params),
    queryFn: ({ signal }) => getInventoryItems(params, signal),
    // Keep the rows on screen while the next page or filter loads.
    placeholderData: keepPreviousData,
  });
}

export function useInventoryItems(params: InventoryItemsParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...inventoryItemsQueryOptions(params), enabled: options.enabled ?? true });
}
