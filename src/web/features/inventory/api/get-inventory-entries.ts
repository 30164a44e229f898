import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@common/contracts/list';
import { inventoryEntryListSchema, type InventoryEntrySummary } from '@common/contracts/inventory';
import { apiClient } from '@web/lib/api-client';
import { withQuery } from '@web/lib/query-string';
import { inventoryKey } from './inventory-query-keys';

/** The export of the same list, with the list's search, filters and sort. */
export const INVENTORY_ENTRIES_EXPORT_PATH = '/api/inventory/entries/export.csv';

/** q, sort, dir, limit, cursor, kind, factoryId, fromFactoryId, toFactoryId, itemId, from, to: see listInventoryEntriesQuerySchema. */
export type InventoryEntriesParams = Readonly<Record<string, string | number | undefined>>;

/** GET /api/inventory/entries */
export async function getInventoryEntries(
  params: InventoryEntriesParams,
  signal?: AbortSignal,
): Promise<ListResponse<InventoryEntrySummary>> {
  const data = await apiClient.get(withQuery('/api/inventory/entries', params), { signal });
  return inventoryEntryListSchema.parse(data);
}

export function inventoryEntriesQueryOptions(params: InventoryEntriesParams) {
  return queryOptions({
    queryKey: inventoryKey('entries', params),
    queryFn: ({ signal }) => getInventoryEntries(params, signal),
    // Keep the rows on screen while the next page or filter loads.
    placeholderData: keepPreviousData,
  });
}

export function useInventoryEntries(params: InventoryEntriesParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...inventoryEntriesQueryOptions(params), enabled: options.enabled ?? true });
}
