import { inventoryEntrySchema, type CreateInventoryRemoval, type InventoryEntry } from '@common/contracts/inventory';
import { apiClient } from '@web/lib/api-client';
import { STALE_AFTER, useInventoryMutation } from './inventory-query-keys';

/**
 * POST /api/inventory/removals: stock taken out at a factory, a reason per line. Answers the saved entry (201); 400 with details such as
 * `lines.0.quantity`; 409 with `details.problems` when stock would go below zero (nothing saved).
 */
export async function createInventoryRemoval(input: CreateInventoryRemoval): Promise<InventoryEntry> {
  const data = await apiClient.post('/api/inventory/removals', input);
  return inventoryEntrySchema.parse(data);
}

export function useCreateInventoryRemoval() {
  return useInventoryMutation(createInventoryRemoval, STALE_AFTER.entry);
}
