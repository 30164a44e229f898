import { inventoryEntrySchema, type CreateInventoryTransfer, type InventoryEntry } from '@common/contracts/inventory';
import { apiClient } from '@web/lib/api-client';
import { STALE_AFTER, useInventoryMutation } from './inventory-query-keys';

/**
 * POST /api/inventory/transfers: stock moved from one factory to another at once. Answers the saved entry (201); 400 with details such as
 * `lines.0.quantity`; 409 with `details.problems` when stock would go below zero (nothing saved).
 */
export async function createInventoryTransfer(input: CreateInventoryTransfer): Promise<InventoryEntry> {
  const data = await apiClient.post('/api/inventory/transfers', input);
  return inventoryEntrySchema.parse(data);
}

export function useCreateInventoryTransfer() {
  return useInventoryMutation(createInventoryTransfer, STALE_AFTER.entry);
}
