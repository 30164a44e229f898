import { queryOptions, useQuery } from '@tanstack/react-query';
import { inventoryOptionsSchema, type InventoryOptions } from '@common/contracts/inventory';
import { apiClient } from '@web/lib/api-client';
import { inventoryKey } from './inventory-query-keys';

/** GET /api/inventory/options: the active categories, units and items, for the selects. */
export async function getInventoryOptions(signal?: AbortSignal): Promise<InventoryOptions> {
  const data = await apiClient.get('/api/inventory/options', { signal });
  return inventoryOptionsSchema.parse(data);
}

export function inventoryOptionsQueryOptions() {
  return queryOptions({
    queryKey: inventoryKey('options'),
    queryFn: ({ signal }) => getInventoryOptions(signal),
  });
}

export function useInventoryOptions() {
  return useQuery(inventoryOptionsQueryOptions());
}
