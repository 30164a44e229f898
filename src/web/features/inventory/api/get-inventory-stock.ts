import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@common/contracts/list';
import { inventoryStockListSchema, type InventoryStockRow } from '@common/contracts/inventory';
import { apiClient } from '@web/lib/api-client';
import { withQuery } from '@web/lib/query-string';
import { inventoryKey } from './inventory-query-keys';

/** The export of the same list, with the list's search, filters and sort. */
export const INVENTORY_STOCK_EXPORT_PATH = '/api/inventory/stock/export.csv';

/** q, sort, dir, limit, cursor, factoryId, categoryId, itemId, low: see listInventoryStockQuerySchema. */
export type InventoryStockParams = Readonly<Record<string, string | number | undefined>>;

/** GET /api/inventory/stock */
export async function getInventoryStock(
  params: InventoryStockParams,
  signal?: AbortSignal,
): Promise<ListResponse<InventoryStockRow>> {
  const data = await apiClient.get(withQuery('/api/inventory/stock', params), { signal });
  return inventoryStockListSchema.parse(data);
}

export function inventoryStockQueryOptions(params: InventoryStockParams) {
  return queryOptions({
    queryKey: inventoryKey('stock', params),
    queryFn: ({ signal }) => getInventoryStock(params, signal),
    // Keep the rows on screen while the next page or filter loads.
    placeholderData: keepPreviousData,
  });
}

export function useInventoryStock(params: InventoryStockParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...inventoryStockQueryOptions(params), enabled: options.enabled ?? true });
}
