import { apiClient } from '@web/lib/api-client';
import { STALE_AFTER, useInventoryMutation } from './inventory-query-keys';

/** DELETE /api/inventory/categories/:id: only while unused (no item in it); 409 with the reason otherwise. */
export async function deleteInventoryCategory(id: string): Promise<void> {
  await apiClient.delete(`/api/inventory/categories/${encodeURIComponent(id)}`);
}

export function useDeleteInventoryCategory() {
  return useInventoryMutation(deleteInventoryCategory, STALE_AFTER.category);
}
