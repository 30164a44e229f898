import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@common/contracts/list';
import { inventoryUnitListSchema, type InventoryUnit } from '@common/contracts/inventory';
import { apiClient } from '@web/lib/api-client';
import { withQuery } from '@web/lib/query-string';
import { inventoryKey } from './inventory-query-keys';

/** q, sort, dir, limit, cursor, active: see listInventoryUnitsQuerySchema. */
export type InventoryUnitsParams = Readonly<Record<string, string | number | undefined>>;

/** GET /api/inventory/units */
export async function getInventoryUnits(
  params: InventoryUnitsParams,
  signal?: AbortSignal,
): Promise<ListResponse<InventoryUnit>> {
  const data = await apiClient.get(withQuery('/api/inventory/units', params), { signal });
  return inventoryUnitListSchema.parse(data);
}

export function inventoryUnitsQueryOptions(params: InventoryUnitsParams) {
  return queryOptions({
    queryKey: inventoryKey('units', params),
    queryFn: ({ signal }) => getInventoryUnits(params, signal),
    // Keep the rows on screen while the next page or filter loads.
    placeholderData: keepPreviousData,
  });
}

export function useInventoryUnits(params: InventoryUnitsParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...inventoryUnitsQueryOptions(params), enabled: options.enabled ?? true });
}
