import { inventoryItemSchema, type InventoryItemInput, type InventoryItem } from '@common/contracts/inventory';
import { apiClient } from '@web/lib/api-client';
import { STALE_AFTER, useInventoryMutation } from './inventory-query-keys';

/** POST /api/inventory/items (409 with a field error when the name is taken). */
export async function createInventoryItem(input: InventoryItemInput): Promise<InventoryItem> {
  const data = await apiClient.post('/api/inventory/items', input);
  return inventoryItemSchema.parse(data);
}

export function useCreateInventoryItem() {
  return useInventoryMutation(createInventoryItem, STALE_AFTER.item);
}
