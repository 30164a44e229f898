import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@common/contracts/list';
import { inventoryMovementListSchema, type InventoryMovement } from '@common/contracts/inventory';
import { apiClient } from '@web/lib/api-client';
import { withQuery } from '@web/lib/query-string';
import { inventoryKey } from './inventory-query-keys';

/** q, sort, dir, limit, cursor, itemId, factoryId, kind, from, to: see listInventoryMovementsQuerySchema. */
export type InventoryMovementsParams = Readonly<Record<string, string | number | undefined>>;

/** GET /api/inventory/movements */
export async function getInventoryMovements(
  params: InventoryMovementsParams,
  signal?: AbortSignal,
): Promise<ListResponse<InventoryMovement>> {
  const data = await apiClient.get(withQuery('/api/inventory/movements', params), { signal });
  return inventoryMovementListSchema.parse(data);
}

export function inventoryMovementsQueryOptions(params: InventoryMovementsParams) {
  return queryOptions({
    queryKey: inventoryKey('movements', params),
    queryFn: ({ signal }) => getInventoryMovements(params, signal),
    // Keep the rows on screen while the next page or filter loads.
    placeholderData: keepPreviousData,
  });
}

export function useInventoryMovements(params: InventoryMovementsParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...inventoryMovementsQueryOptions(params), enabled: options.enabled ?? true });
}
