import type { ListSalesCategoriesQuery, SalesCategory } from '@common/contracts/sales';
import { DataTable } from '@web/components/data-table/data-table';
import { ACTIVE_FILTER_VALUES, DataTableActiveFilter } from '@web/components/data-table/data-table-active-filter';
import type { ListStateConfig } from '@web/components/data-table/list-state.model';
import { useListState } from '@web/components/data-table/use-list-state';
import { NewRecordButton } from '@web/components/master-data/new-record-button';
import { RecordFormSlot } from '@web/components/master-data/record-form-slot';
import { useRecordActions } from '@web/components/master-data/use-record-actions';
import { PageHeader } from '@web/components/ui/page-header';
import { useDeleteSalesCategory } from '../api/delete-sales-category';
import { useSalesCategories } from '../api/get-sales-categories';
import { SALES_CATEGORY_COLUMNS } from '../components/sales-category-columns';
import { SalesCategoryFormDialog } from '../components/sales-category-form-dialog';
import { SalesCategoryStatusDialog } from '../components/sales-category-status-dialog';
import { SalesDeleteDialog } from '../components/sales-delete-dialog';

const CATEGORY_FILTERS = { active: ACTIVE_FILTER_VALUES } as const;

const CATEGORY_LIST: ListStateConfig<ListSalesCategoriesQuery['sort'], typeof CATEGORY_FILTERS> = {
  sortable: ['name', 'code', 'createdAt'],
  defaultSort: 'name',
  filters: CATEGORY_FILTERS,
};

const NOUN = { one: 'sales category', other: 'sales categories' };

/** Sales Categories (/sales/categories): the customer segments or channels prices are set for. */
export function SalesCategoriesPage({ title }: { title: string }) {
  const list = useListState(CATEGORY_LIST);
  const result = useSalesCategories(list.apiParams);
  const { mutateAsync: remove } = useDeleteSalesCategory();
  const actions = useRecordActions({ deletable: unpriced });

  const newButton = <NewRecordButton onClick={actions.openNew}>New category</NewRecordButton>;

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
        rowActions={actions.rowActions}
        searchLabel="Search sales categories"
        searchPlaceholder="Name, code or description"
        filters={<DataTableActiveFilter list={list} />}
        actions={newButton}
        empty={{
          title: 'No sales categories yet',
          description: 'Add the segments you sell to, e.g. "Retail" (RET) or "Wholesale" (WHS).',
          action: newButton,
        }}
      />
      <RecordFormSlot editing={actions.editing} onClose={actions.closeForm} dialog={SalesCategoryFormDialog} />
      <SalesCategoryStatusDialog change={actions.statusChange} onClose={actions.closeStatusChange} />
      <SalesDeleteDialog
        record={actions.deleting}
        onClose={actions.closeDelete}
        noun="sales category"
        remove={remove}
      />
    </div>
  );
}

/** Only a category no price refers to can be deleted. */
function unpriced(category: SalesCategory): boolean {
  return category.priceCount === 0;
}

function getCategoryId(category: SalesCategory): string {
  return category.id;
}

function categoryLabel(category: SalesCategory): string {
  return `${category.name} (${category.code})`;
}
