import type { InventoryCategory, ListInventoryCategoriesQuery } from '@common/contracts/inventory';
import { DataTable } from '@web/components/data-table/data-table';
import { ACTIVE_FILTER_VALUES, DataTableActiveFilter } from '@web/components/data-table/data-table-active-filter';
import type { ListStateConfig } from '@web/components/data-table/list-state.model';
import { useListState } from '@web/components/data-table/use-list-state';
import { ActiveStatusDialog } from '@web/components/form/active-status-dialog';
import { NewRecordButton } from '@web/components/master-data/new-record-button';
import { RecordFormSlot } from '@web/components/master-data/record-form-slot';
import { useRecordActions } from '@web/components/master-data/use-record-actions';
import { useDeactivateInventoryCategory } from '../api/deactivate-inventory-category';
import { useDeleteInventoryCategory } from '../api/delete-inventory-category';
import { useInventoryCategories } from '../api/get-inventory-categories';
import { useReactivateInventoryCategory } from '../api/reactivate-inventory-category';
import { CategoryFormDialog } from './category-form-dialog';
import { InventoryDeleteDialog } from './inventory-delete-dialog';
import { countOf, RECORD_ACTIONS, recordId, recordName } from './inventory-labels';
import { CATEGORY_COLUMNS } from './master-data-columns';

const FILTERS = { active: ACTIVE_FILTER_VALUES } as const;
const LIST: ListStateConfig<ListInventoryCategoriesQuery['sort'], typeof FILTERS> = {
  sortable: ['name', 'itemCount', 'createdAt'],
  defaultSort: 'name',
  filters: FILTERS,
};
const NOUN = { one: 'category', other: 'categories' };

/** Categories: the groups items belong to; create, edit, deactivate or delete (while unused). */
export function CategoriesTab() {
  const list = useListState(LIST);
  const result = useInventoryCategories(list.apiParams);
  const { mutateAsync: deactivate } = useDeactivateInventoryCategory();
  const { mutateAsync: reactivate } = useReactivateInventoryCategory();
  const { mutateAsync: remove } = useDeleteInventoryCategory();
  const actions = useRecordActions<InventoryCategory>(RECORD_ACTIONS);

  const newButton = <NewRecordButton onClick={actions.openNew}>New category</NewRecordButton>;

  return (
    <>
      <DataTable
        id="inventory-categories"
        label="Inventory categories"
        noun={NOUN}
        columns={CATEGORY_COLUMNS}
        list={list}
        result={result}
        getRowId={recordId}
        rowLabel={recordName}
        rowActions={actions.rowActions}
        searchLabel="Search categories"
        searchPlaceholder="Name or description"
        filters={<DataTableActiveFilter list={list} />}
        actions={newButton}
        empty={{
          title: 'No inventory categories yet',
          description: 'Add the groups your items belong to, e.g. "Packaging" or "Spare parts".',
          action: newButton,
        }}
      />
      <RecordFormSlot editing={actions.editing} onClose={actions.closeForm} dialog={CategoryFormDialog} />
      <ActiveStatusDialog
        change={actions.statusChange}
        onClose={actions.closeStatusChange}
        noun="category"
        descriptions={{
          deactivate:
            'New items cannot be put in a deactivated category. Its items, their stock and history stay, and you can reactivate it later.',
          reactivate: 'New items can be put in the category again.',
        }}
        deactivate={deactivate}
        reactivate={reactivate}
      />
      <InventoryDeleteDialog
        record={actions.deleting}
        onClose={actions.closeDelete}
        noun="category"
        unusedWhen="while no item is in it"
        usage={(c) => (c.itemCount > 0 ? `It holds ${countOf(c.itemCount, 'item')}` : null)}
        remove={remove}
      />
    </>
  );
}
