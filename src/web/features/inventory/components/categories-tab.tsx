import { useCallback, useState } from 'react';
import { PencilIcon, PlusIcon, PowerIcon, PowerOffIcon, Trash2Icon } from 'lucide-react';
import type { InventoryCategory, ListInventoryCategoriesQuery } from '@common/contracts/inventory';
import { DataTable } from '@web/components/data-table/data-table';
import { DataTableFilterSelect } from '@web/components/data-table/data-table-filter-select';
import type { DataTableRowAction } from '@web/components/data-table/data-table-row-actions';
import type { ListStateConfig } from '@web/components/data-table/list-state.model';
import { useListState } from '@web/components/data-table/use-list-state';
import { ActiveStatusDialog, type ActiveStatusChange } from '@web/components/form/active-status-dialog';
import { Button } from '@web/components/ui/button';
import { useDeactivateInventoryCategory } from '../api/deactivate-inventory-category';
import { useDeleteInventoryCategory } from '../api/delete-inventory-category';
import { useInventoryCategories } from '../api/get-inventory-categories';
import { useReactivateInventoryCategory } from '../api/reactivate-inventory-category';
import { CategoryFormDialog } from './category-form-dialog';
import { DeleteRecordDialog } from './delete-record-dialog';
import { ACTIVE_FILTER_OPTIONS, countOf, recordId, recordName } from './inventory-labels';
import { CATEGORY_COLUMNS } from './master-data-columns';

const FILTERS = { active: ['true', 'false'] } as const;
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
  /** The open form: undefined = closed, null = new category. */
  const [editing, setEditing] = useState<InventoryCategory | null | undefined>(undefined);
  const [statusChange, setStatusChange] = useState<ActiveStatusChange<InventoryCategory> | null>(null);
  const [deleting, setDeleting] = useState<InventoryCategory | null>(null);

  const rowActions = useCallback(
    (category: InventoryCategory): DataTableRowAction[] => [
      { label: 'Edit', icon: PencilIcon, onSelect: () => setEditing(category) },
      category.active
        ? {
            label: 'Deactivate',
            icon: PowerOffIcon,
            onSelect: () => setStatusChange({ record: category, action: 'deactivate' }),
          }
        : {
            label: 'Reactivate',
            icon: PowerIcon,
            onSelect: () => setStatusChange({ record: category, action: 'reactivate' }),
          },
      { label: 'Delete', icon: Trash2Icon, variant: 'destructive', onSelect: () => setDeleting(category) },
    ],
    [],
  );

  const newButton = (
    <Button size="sm" onClick={() => setEditing(null)}>
      <PlusIcon aria-hidden="true" />
      New category
    </Button>
  );

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
        rowActions={rowActions}
        searchLabel="Search categories"
        searchPlaceholder="Name or description"
        filters={<DataTableFilterSelect list={list} name="active" label="Status" options={ACTIVE_FILTER_OPTIONS} />}
        actions={newButton}
        empty={{
          title: 'No inventory categories yet',
          description: 'Add the groups your items belong to, e.g. "Packaging" or "Spare parts".',
          action: newButton,
        }}
      />
      {editing !== undefined ? (
        <CategoryFormDialog key={editing?.id ?? 'new'} category={editing} onClose={() => setEditing(undefined)} />
      ) : null}
      <ActiveStatusDialog
        change={statusChange}
        onClose={() => setStatusChange(null)}
        noun="category"
        descriptions={{
          deactivate:
            'New items cannot be put in a deactivated category. Its items, their stock and history stay, and you can reactivate it later.',
          reactivate: 'New items can be put in the category again.',
        }}
        deactivate={deactivate}
        reactivate={reactivate}
      />
      <DeleteRecordDialog
        record={deleting}
        onClose={() => setDeleting(null)}
        noun="category"
        unusedWhen="while no item is in it"
        usage={(c) => (c.itemCount > 0 ? `It holds ${countOf(c.itemCount, 'item')}` : null)}
        remove={remove}
      />
    </>
  );
}
