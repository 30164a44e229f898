import { apiClient } from '@web/lib/api-client';
import { STALE_AFTER, useInventoryMutation } from './inventory-query-keys';

/** DELETE /api/inventory/units/:id: only while unused (no item measured in it); 409 with the reason otherwise. */
export async function deleteInventoryUnit(id: string): Promise<void> {
  await apiClient.delete(`/api/inventory/units/${encodeURIComponent(id)}`);
}

export function useDeleteInventoryUnit() {
  return useInventoryMutation(deleteInventoryUnit, STALE_AFTER.unit);
}
