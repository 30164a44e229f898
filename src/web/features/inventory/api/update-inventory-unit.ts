import { inventoryUnitSchema, type InventoryUnit, type UpdateInventoryUnit } from '@common/contracts/inventory';
import { apiClient } from '@web/lib/api-client';
import { STALE_AFTER, useInventoryMutation } from './inventory-query-keys';

/** PATCH /api/inventory/units/:id: only the fields that changed. */
export async function updateInventoryUnit({
  id,
  changes,
}: {
  id: string;
  changes: UpdateInventoryUnit;
}): Promise<InventoryUnit> {
  const data = await apiClient.patch(`/api/inventory/units/${encodeURIComponent(id)}`, changes);
  return inventoryUnitSchema.parse(data);
}

export function useUpdateInventoryUnit() {
  return useInventoryMutation(updateInventoryUnit, STALE_AFTER.unit);
}
