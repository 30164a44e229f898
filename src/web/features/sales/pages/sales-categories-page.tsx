import { useCallback, useState } from 'react';
import { PencilIcon, PlusIcon, PowerIcon, PowerOffIcon, Trash2Icon } from 'lucide-react';
import type { ListSalesCategoriesQuery, SalesCategory } from '@common/contracts/sales';
import { DataTable } from '@web/components/data-table/data-table';
import { DataTableFilterSelect } from '@web/components/data-table/data-table-filter-select';
import type { DataTableRowAction } from '@web/components/data-table/data-table-row-actions';
import type { ListStateConfig } from '@web/components/data-table/list-state.model';
import { useListState } from '@web/components/data-table/use-list-state';
import { Button } from '@web/components/ui/button';
import { PageHeader } from '@web/components/ui/page-header';
import { useDeleteSalesCategory } from '../api/delete-sales-category';
import { useSalesCategories } from '../api/get-sales-categories';
import { SALES_CATEGORY_COLUMNS } from '../components/sales-category-columns';
import { SalesCategoryFormDialog } from '../components/sales-category-form-dialog';
import { SalesCategoryStatusDialog, type SalesCategoryStatusChange } from '../components/sales-category-status-dialog';
import { SalesDeleteDialog } from '../components/sales-delete-dialog';

const CATEGORY_FILTERS = { active: ['true', 'false'] } as const;

const CATEGORY_LIST: ListStateConfig<ListSalesCategoriesQuery['sort'], typeof CATEGORY_FILTERS> = {
  sortable: ['name', 'code', 'createdAt'],
  defaultSort: 'name',
  filters: CATEGORY_FILTERS,
};

const ACTIVE_OPTIONS = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
] as const;

const NOUN = { one: 'sales category', other: 'sales categories' };

/** Sales Categories (/sales/categories): the customer segments or channels prices are set for. */
export function SalesCategoriesPage({ title }: { title: string }) {
  const list = useListState(CATEGORY_LIST);
  const result = useSalesCategories(list.apiParams);
  const { mutateAsync: remove } = useDeleteSalesCategory();
  /** The open form: undefined = closed, null = new category. */
  const [editing, setEditing] = useState<SalesCategory | null | undefined>(undefined);
  const [statusChange, setStatusChange] = useState<SalesCategoryStatusChange | null>(null);
  const [deleting, setDeleting] = useState<SalesCategory | null>(null);

  const rowActions = useCallback(
    (category: SalesCategory): DataTableRowAction[] => [
      { label: 'Edit', icon: PencilIcon, onSelect: () => setEditing(category) },
      category.active
        ? {
            label: 'Deactivate',
            icon: PowerOffIcon,
            variant: 'destructive',
            onSelect: () => setStatusChange({ record: category, action: 'deactivate' }),
          }
        : {
            label: 'Reactivate',
            icon: PowerIcon,
            onSelect: () => setStatusChange({ record: category, action: 'reactivate' }),
          },
      ...(category.priceCount === 0
        ? [
            {
              label: 'Delete',
              icon: Trash2Icon,
              variant: 'destructive' as const,
              onSelect: () => setDeleting(category),
            },
          ]
        : []),
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
    <div className="flex flex-col gap-6">
      <PageHeader
        title={title}
        description="Customer segments or channels (retail, wholesale, institutional...). Every package has a price per category."
      />
      <DataTable
        id="sales-categories"
        label="Sales categories"
        noun={NOUN}
        columns={SALES_CATEGORY_COLUMNS}
        list={list}
        result={result}
        getRowId={getCategoryId}
        rowLabel={categoryLabel}
        rowActions={rowActions}
        searchLabel="Search sales categories"
        searchPlaceholder="Name, code or description"
        filters={<DataTableFilterSelect list={list} name="active" label="Status" options={ACTIVE_OPTIONS} />}
        actions={newButton}
        empty={{
          title: 'No sales categories yet',
          description: 'Add the segments you sell to, e.g. "Retail" (RET) or "Wholesale" (WHS).',
          action: newButton,
        }}
      />
      {editing !== undefined ? (
        <SalesCategoryFormDialog key={editing?.id ?? 'new'} category={editing} onClose={() => setEditing(undefined)} />
      ) : null}
      <SalesCategoryStatusDialog change={statusChange} onClose={() => setStatusChange(null)} />
      <SalesDeleteDialog record={deleting} onClose={() => setDeleting(null)} noun="sales category" remove={remove} />
    </div>
  );
}

function getCategoryId(category: SalesCategory): string {
  return category.id;
}

function categoryLabel(category: SalesCategory): string {
  return `${category.name} (${category.code})`;
}
