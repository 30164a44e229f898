import { inventoryCategorySchema, type InventoryCategory } from '@common/contracts/inventory';
import { apiClient } from '@web/lib/api-client';
import { STALE_AFTER, useInventoryMutation } from './inventory-query-keys';

/** POST /api/inventory/categories/:id/deactivate */
export async function deactivateInventoryCategory(id: string): Promise<InventoryCategory> {
  const data = await apiClient.post(`/api/inventory/categories/${encodeURIComponent(id)}/deactivate`);
  return inventoryCategorySchema.parse(data);
}

export function useDeactivateInventoryCategory() {
  return useInventoryMutation(deactivateInventoryCategory, STALE_AFTER.category);
}
