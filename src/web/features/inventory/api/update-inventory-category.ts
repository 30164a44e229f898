import {
  inventoryCategorySchema,
  type InventoryCategory,
  type UpdateInventoryCategory,
} from '@common/contracts/inventory';
import { apiClient } from '@web/lib/api-client';
import { STALE_AFTER, useInventoryMutation } from './inventory-query-keys';

/** PATCH /api/inventory/categories/:id: only the fields that changed. */
export async function updateInventoryCategory({
  id,
  changes,
}: {
  id: string;
  changes: UpdateInventoryCategory;
}): Promise<InventoryCategory> {
  const data = await apiClient.patch(`/api/inventory/categories/${encodeURIComponent(id)}`, changes);
  return inventoryCategorySchema.parse(data);
}

export function useUpdateInventoryCategory() {
  return useInventoryMutation(updateInventoryCategory, STALE_AFTER.category);
}
