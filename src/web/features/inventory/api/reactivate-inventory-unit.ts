import { inventoryUnitSchema, type InventoryUnit } from '@common/contracts/inventory';
import { apiClient } from '@web/lib/api-client';
import { STALE_AFTER, useInventoryMutation } from './inventory-query-keys';

/** POST /api/inventory/units/:id/reactivate */
export async function reactivateInventoryUnit(id: string): Promise<InventoryUnit> {
  const data = await apiClient.post(`/api/inventory/units/${encodeURIComponent(id)}/reactivate`);
  return inventoryUnitSchema.parse(data);
}

export function useReactivateInventoryUnit() {
  return useInventoryMutation(reactivateInventoryUnit, STALE_AFTER.unit);
}
