/**
 * GET /api/inventory/options: the active categories, units and items, for the selects of the item
 * form and of the entry forms, in one answer.
 */
import type { InventoryOptions } from '../../../common/contracts/inventory';
import type { Database } from '../../db/client';
import { listInventoryCategoryOptions } from './inventory-categories.repository';
import { listInventoryItemOptions } from './inventory-items.repository';
import { listInventoryUnitOptions } from './inventory-units.repository';

export async function inventoryOptions(db: Database): Promise<InventoryOptions> {
  const [categories, units, items] = await Promise.all([
    listInventoryCategoryOptions(db),
    listInventoryUnitOptions(db),
    listInventoryItemOptions(db),
  ]);
  return {
    categories,
    units,
    items: items.map((i) => ({
      id: i.id,
      name: i.name,
      category: { id: i.categoryId, name: i.categoryName },
      unit: { id: i.unitId, name: i.unitName, symbol: i.unitSymbol, decimals: i.unitDecimals },
    })),
  };
}
