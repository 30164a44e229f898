import { inventoryCategorySchema, type InventoryCategory } from '@common/contracts/inventory';
import { apiClient } from '@web/lib/api-client';
import { STALE_AFTER, useInventoryMutation } from './inventory-query-keys';

/** POST /api/inventory/categories/:id/reactivate */
export async function reactivateInventoryCategory(id: string): Promise<InventoryCategory> {
  const data = await apiClient.post(`/api/inventory/categories/${encodeURIComponent(id)}/reactivate`);
  return inventoryCategorySchema.parse(data);
}

export function useReactivateInventoryCategory() {
  return useInventoryMutation(reactivateInventoryCategory, STALE_AFTER.category);
}
