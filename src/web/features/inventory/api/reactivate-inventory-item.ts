import { inventoryItemSchema, type InventoryItem } from '@common/contracts/inventory';
import { apiClient } from '@web/lib/api-client';
import { STALE_AFTER, useInventoryMutation } from './inventory-query-keys';

/** POST /api/inventory/items/:id/reactivate */
export async function reactivateInventoryItem(id: string): Promise<InventoryItem> {
  const data = await apiClient.post(`/api/inventory/items/${encodeURIComponent(id)}/reactivate`);
  return inventoryItemSchema.parse(data);
}

export function useReactivateInventoryItem() {
  return useInventoryMutation(reactivateInventoryItem, STALE_AFTER.item);
}
