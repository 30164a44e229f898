import { inventoryUnitSchema, type InventoryUnitInput, type InventoryUnit } from '@common/contracts/inventory';
import { apiClient } from '@web/lib/api-client';
import { STALE_AFTER, useInventoryMutation } from './inventory-query-keys';

/** POST /api/inventory/units (409 with a field error when the name is taken). */
export async function createInventoryUnit(input: InventoryUnitInput): Promise<InventoryUnit> {
  const data = await apiClient.post('/api/inventory/units', input);
  return inventoryUnitSchema.parse(data);
}

export function useCreateInventoryUnit() {
  return useInventoryMutation(createInventoryUnit, STALE_AFTER.unit);
}
