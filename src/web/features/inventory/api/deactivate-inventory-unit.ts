import { inventoryUnitSchema, type InventoryUnit } from '@common/contracts/inventory';
import { apiClient } from '@web/lib/api-client';
import { STALE_AFTER, useInventoryMutation } from './inventory-query-keys';

/** POST /api/inventory/units/:id/deactivate */
export async function deactivateInventoryUnit(id: string): Promise<InventoryUnit> {
  const data = await apiClient.post(`/api/inventory/units/${encodeURIComponent(id)}/deactivate`);
  return inventoryUnitSchema.parse(data);
}

export function useDeactivateInventoryUnit() {
  return useInventoryMutation(deactivateInventoryUnit, STALE_AFTER.unit);
}
