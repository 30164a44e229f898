import { inventoryItemSchema, type InventoryItem } from '@common/contracts/inventory';
import { apiClient } from '@web/lib/api-client';
import { STALE_AFTER, useInventoryMutation } from './inventory-query-keys';

/** POST /api/inventory/items/:id/deactivate */
export async function deactivateInventoryItem(id: string): Promise<InventoryItem> {
  const data = await apiClient.post(`/api/inventory/items/${encodeURIComponent(id)}/deactivate`);
  return inventoryItemSchema.parse(data);
}

export function useDeactivateInventoryItem() {
  return useInventoryMutation(deactivateInventoryItem, STALE_AFTER.item);
}
