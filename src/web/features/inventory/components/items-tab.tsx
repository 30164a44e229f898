import { useMemo } from 'react';
import type { InventoryItem, ListInventoryItemsQuery } from '@common/contracts/inventory';
import { DataTable } from '@web/components/data-table/data-table';
import { ACTIVE_FILTER_VALUES, DataTableActiveFilter } from '@web/components/data-table/data-table-active-filter';
import { DataTableFilterSelect } from '@web/components/data-table/data-table-filter-select';
import type { ListStateConfig } from '@web/components/data-table/list-state.model';
import { useListState } from '@web/components/data-table/use-list-state';
import { ActiveStatusDialog } from '@web/components/form/active-status-dialog';
import { NewRecordButton } from '@web/components/master-data/new-record-button';
import { RecordFormSlot } from '@web/components/master-data/record-form-slot';
import { useRecordActions } from '@web/components/master-data/use-record-actions';
import { useDeactivateInventoryItem } from '../api/deactivate-inventory-item';
import { useDeleteInventoryItem } from '../api/delete-inventory-item';
import { INVENTORY_ITEMS_EXPORT_PATH, useInventoryItems } from '../api/get-inventory-items';
import { useInventoryOptions } from '../api/get-inventory-options';
import { useReactivateInventoryItem } from '../api/reactivate-inventory-item';
import { InventoryDeleteDialog } from './inventory-delete-dialog';
import { RECORD_ACTIONS, recordId, recordName } from './inventory-labels';
import { ItemFormDialog } from './item-form-dialog';
import { ITEM_COLUMNS } from './master-data-columns';

const FILTERS = { active: ACTIVE_FILTER_VALUES, categoryId: null, unitId: null } as const;
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
  const actions = useRecordActions<InventoryItem>(RECORD_ACTIONS);

  const categoryOptions = useMemo(
    () => (options.data?.categories ?? []).map((c) => ({ value: c.id, label: c.name })),
    [options.data],
  );
  const unitOptions = useMemo(
    () => (options.data?.units ?? []).map((u) => ({ value: u.id, label: `${u.name} (${u.symbol})` })),
    [options.data],
  );

  const newButton = <NewRecordButton onClick={actions.openNew}>New item</NewRecordButton>;

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
        rowActions={actions.rowActions}
        searchLabel="Search items"
        searchPlaceholder="Name or description"
        filters={
          <>
            <DataTableFilterSelect list={list} name="categoryId" label="Category" options={categoryOptions} />
            <DataTableFilterSelect list={list} name="unitId" label="Unit" options={unitOptions} />
            <DataTableActiveFilter list={list} />
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
      <RecordFormSlot editing={actions.editing} onClose={actions.closeForm} dialog={ItemFormDialog} />
      <ActiveStatusDialog
        change={actions.statusChange}
        onClose={actions.closeStatusChange}
        noun="item"
        descriptions={{
          deactivate:
            'A deactivated item cannot be received, removed or transferred and is no longer flagged as low stock. Its stock and history stay, and you can reactivate it later.',
          reactivate: 'The item can be received, removed and transferred again.',
        }}
        deactivate={deactivate}
        reactivate={reactivate}
      />
      <InventoryDeleteDialog
        record={actions.deleting}
        onClose={actions.closeDelete}
        noun="item"
        unusedWhen="while it has no stock movements"
        usage={(i) => (i.hasMovements ? 'It has stock movements' : null)}
        remove={remove}
      />
    </>
  );
}
