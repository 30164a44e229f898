import { apiClient } from '@web/lib/api-client';
import { STALE_AFTER, useInventoryMutation } from './inventory-query-keys';

/** DELETE /api/inventory/items/:id: only while unused (no movement of it); 409 with the reason otherwise. */
export async function deleteInventoryItem(id: string): Promise<void> {
  await apiClient.delete(`/api/inventory/items/${encodeURIComponent(id)}`);
}

export function useDeleteInventoryItem() {
  return useInventoryMutation(deleteInventoryItem, STALE_AFTER.item);
}
