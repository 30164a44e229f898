/**
 * The query keys of the inventory feature and what each change makes stale: every inventory query
 * starts with `inventory`, then the name of what it reads.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';

export type InventoryQueryName =
  'options' | 'categories' | 'units' | 'items' | 'stock' | 'entries' | 'entry' | 'movements';

/** ['inventory', name, ...rest]: `inventoryKey(name)` alone matches every query of that name. */
export function inventoryKey(name: InventoryQueryName, ...rest: unknown[]): unknown[] {
  return ['inventory', name, ...rest];
}

/** The queries each kind of change makes stale. */
export const STALE_AFTER = {
  /** A category's name or status: its list, and the items, stock rows and selects that name it. */
  category: ['categories', 'items', 'options', 'stock'],
  /** A unit's name, symbol or decimals: the same for units. */
  unit: ['units', 'items', 'options', 'stock'],
  /** An item: its list, the categories' and units' item counts, and everything that names it. */
  item: ['items', 'categories', 'units', 'options', 'stock', 'entries', 'entry', 'movements'],
  /** Stock moved: balances, the items' totals and low-stock flags, the entries and the ledger. */
  entry: ['stock', 'items', 'entries', 'movements'],
} as const satisfies Record<string, readonly InventoryQueryName[]>;

/** A mutation that, once it succeeded, has the `stale` queries fetched again. */
export function useInventoryMutation<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
  stale: readonly InventoryQueryName[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => Promise.all(stale.map((name) => queryClient.invalidateQueries({ queryKey: inventoryKey(name) }))),
  });
}
