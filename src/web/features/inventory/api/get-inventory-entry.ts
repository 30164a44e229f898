import { queryOptions, useQuery } from '@tanstack/react-query';
import { inventoryEntrySchema, type InventoryEntry } from '@common/contracts/inventory';
import { apiClient } from '@web/lib/api-client';
import { inventoryKey } from './inventory-query-keys';

/** GET /api/inventory/entries/:id: one input, removal or transfer with its lines. */
export async function getInventoryEntry(id: string, signal?: AbortSignal): Promise<InventoryEntry> {
  const data = await apiClient.get(`/api/inventory/entries/${encodeURIComponent(id)}`, { signal });
  return inventoryEntrySchema.parse(data);
}

export function inventoryEntryQueryOptions(id: string) {
  return queryOptions({
    queryKey: inventoryKey('entry', id),
    queryFn: ({ signal }) => getInventoryEntry(id, signal),
  });
}

export function useInventoryEntry(id: string | null) {
  return useQuery({ ...inventoryEntryQueryOptions(id ?? ''), enabled: id !== null });
}
