import {
  inventoryCategorySchema,
  type InventoryCategoryInput,
  type InventoryCategory,
} from '@common/contracts/inventory';
import { apiClient } from '@web/lib/api-client';
import { STALE_AFTER, useInventoryMutation } from './inventory-query-keys';

/** POST /api/inventory/categories (409 with a field error when the name is taken). */
export async function createInventoryCategory(input: InventoryCategoryInput): Promise<InventoryCategory> {
  const data = await apiClient.post('/api/inventory/categories', input);
  return inventoryCategorySchema.parse(data);
}

export function useCreateInventoryCategory() {
  return useInventoryMutation(createInventoryCategory, STALE_AFTER.category);
}
