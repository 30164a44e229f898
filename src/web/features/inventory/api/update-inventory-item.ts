import { inventoryItemSchema, type InventoryItem, type UpdateInventoryItem } from '@common/contracts/inventory';
import { apiClient } from '@web/lib/api-client';
import { STALE_AFTER, useInventoryMutation } from './inventory-query-keys';

/** PATCH /api/inventory/items/:id: only the fields that changed. */
export async function updateInventoryItem({
  id,
  changes,
}: {
  id: string;
  changes: UpdateInventoryItem;
}): Promise<InventoryItem> {
  const data = await apiClient.patch(`/api/inventory/items/${encodeURIComponent(id)}`, changes);
  return inventoryItemSchema.parse(data);
}

export function useUpdateInventoryItem() {
  return useInventoryMutation(updateInventoryItem, STALE_AFTER.item);
}
