import { inventoryEntrySchema, type CreateInventoryInput, type InventoryEntry } from '@common/contracts/inventory';
import { apiClient } from '@web/lib/api-client';
import { STALE_AFTER, useInventoryMutation } from './inventory-query-keys';

/**
 * POST /api/inventory/inputs: stock received at a factory. Answers the saved entry (201); 400 with details such as
 * `lines.0.quantity`; 409 with `details.problems` when stock would go below zero (nothing saved).
 */
export async function createInventoryInput(input: CreateInventoryInput): Promise<InventoryEntry> {
  const data = await apiClient.post('/api/inventory/inputs', input);
  return inventoryEntrySchema.parse(data);
}

export function useCreateInventoryInput() {
  return useInventoryMutation(createInventoryInput, STALE_AFTER.entry);
}
