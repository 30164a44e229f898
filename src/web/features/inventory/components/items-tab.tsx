import { useCallback, useMemo, useState } from 'react';
import { PencilIcon, PlusIcon, PowerIcon, PowerOffIcon, Trash2Icon } from 'lucide-react';
import type { InventoryItem, ListInventoryItemsQuery } from '@common/contracts/inventory';
import { DataTable } from '@web/components/data-table/data-table';
import { DataTableFilterSelect } from '@web/components/data-table/data-table-filter-select';
import type { DataTableRowAction } from '@web/components/data-table/data-table-row-actions';
import type { ListStateConfig } from '@web/components/data-table/list-state.model';
import { useListState } from '@web/components/data-table/use-list-state';
import { ActiveStatusDialog, type ActiveStatusChange } from '@web/components/form/active-status-dialog';
import { Button } from '@web/components/ui/button';
import { useDeactivateInventoryItem } from '../api/deactivate-inventory-item';
import { useDeleteInventoryItem } from '../api/delete-inventory-item';
import { INVENTORY_ITEMS_EXPORT_PATH, useInventoryItems } from '../api/get-inventory-items';
import { useInventoryOptions } from '../api/get-inventory-options';
import { useReactivateInventoryItem } from '../api/reactivate-inventory-item';
import { DeleteRecordDialog } from './delete-record-dialog';
import { ACTIVE_FILTER_OPTIONS, recordId, recordName } from './inventory-labels';
import { ItemFormDialog } from './item-form-dialog';
import { ITEM_COLUMNS } from './master-data-columns';

const FILTERS = { active: ['true', 'false'], categoryId: null, unitId: null } as const;
const LIST: ListStateConfig<ListInventoryItemsQuery['sort'], typeof FILTERS> = {
  sortable: ['name', 'category', 'reorderLevel', 'totalStock', 'createdAt'],
  defaultSort: 'name',
  filters: FILTERS,
};
const NOUN = { one: 'item', other: 'items' };

/** Names: the items kept in stock, with category, unit, reorder level and stock; CSV export. */
export function ItemsTab() {
  const list = useListState(LIST);
  const result = useInventoryItems(list.apiParams);
  const options = useInventoryOptions();
  const { mutateAsync: deactivate } = useDeactivateInventoryItem();
  const { mutateAsync: reactivate } = useReactivateInventoryItem();
  const { mutateAsync: remove } = useDeleteInventoryItem();
  /** The open form: undefined = closed, null = new item. */
  const [editing, setEditing] = useState<InventoryItem | null | undefined>(undefined);
  const [statusChange, setStatusChange] = useState<ActiveStatusChange<InventoryItem> | null>(null);
  const [deleting, setDeleting] = useState<InventoryItem | null>(null);

  const categoryOptions = useMemo(
    () => (options.data?.categories ?? []).map((c) => ({ value: c.id, label: c.name })),
    [options.data],
  );
  const unitOptions = useMemo(
    () => (options.data?.units ?? []).map((u) => ({ value: u.id, label: `${u.name} (${u.symbol})` })),
    [options.data],
  );

  const rowActions = useCallback(
    (item: InventoryItem): DataTableRowAction[] => [
      { label: 'Edit', icon: PencilIcon, onSelect: () => setEditing(item) },
      item.active
        ? {
            label: 'Deactivate',
            icon: PowerOffIcon,
            onSelect: () => setStatusChange({ record: item, action: 'deactivate' }),
          }
        : {
            label: 'Reactivate',
            icon: PowerIcon,
            onSelect: () => setStatusChange({ record: item, action: 'reactivate' }),
          },
      { label: 'Delete', icon: Trash2Icon, variant: 'destructive', onSelect: () => setDeleting(item) },
    ],
    [],
  );

  const newButton = (
    <Button size="sm" onClick={() => setEditing(null)}>
      <PlusIcon aria-hidden="true" />
      New item
    </Button>
  );

  return (
    <>
      <DataTable
        id="inventory-items"
        label="Items"
        noun={NOUN}
        columns={ITEM_COLUMNS}
        list={list}
        result={result}
        getRowId={recordId}
        rowLabel={recordName}
        rowActions={rowActions}
        searchLabel="Search items"
        searchPlaceholder="Name or description"
        filters={
          <>
            <DataTableFilterSelect list={list} name="categoryId" label="Category" options={categoryOptions} />
            <DataTableFilterSelect list={list} name="unitId" label="Unit" options={unitOptions} />
            <DataTableFilterSelect list={list} name="active" label="Status" options={ACTIVE_FILTER_OPTIONS} />
          </>
        }
        actions={newButton}
        exportPath={INVENTORY_ITEMS_EXPORT_PATH}
        empty={{
          title: 'No items yet',
          description: 'Add what the factories keep in stock. Each item needs a category and a unit.',
          action: newButton,
        }}
      />
      {editing !== undefined ? (
        <ItemFormDialog key={editing?.id ?? 'new'} item={editing} onClose={() => setEditing(undefined)} />
      ) : null}
      <ActiveStatusDialog
        change={statusChange}
        onClose={() => setStatusChange(null)}
        noun="item"
        descriptions={{
          deactivate:
            'A deactivated item cannot be received, removed or transferred and is no longer flagged as low stock. Its stock and history stay, and you can reactivate it later.',
          reactivate: 'The item can be received, removed and transferred again.',
        }}
        deactivate={deactivate}
        reactivate={reactivate}
      />
      <DeleteRecordDialog
        record={deleting}
        onClose={() => setDeleting(null)}
        noun="item"
        unusedWhen="while it has no stock movements"
        usage={(i) => (i.hasMovements ? 'It has stock movements' : null)}
        remove={remove}
      />
    </>
  );
}
