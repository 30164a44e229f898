import type { CkdCategory, ListCkdCategoriesQuery } from '@common/contracts/ckd';
import { DataTable } from '@web/components/data-table/data-table';
import { ACTIVE_FILTER_VALUES, DataTableActiveFilter } from '@web/components/data-table/data-table-active-filter';
import type { ListStateConfig } from '@web/components/data-table/list-state.model';
import { useListState } from '@web/components/data-table/use-list-state';
import { NewRecordButton } from '@web/components/master-data/new-record-button';
import { RecordFormSlot } from '@web/components/master-data/record-form-slot';
import { useRecordActions } from '@web/components/master-data/use-record-actions';
import { PageHeader } from '@web/components/ui/page-header';
import { useCkdCategories } from '../api/get-ckd-categories';
import { CKD_CATEGORY_COLUMNS } from '../components/ckd-category-columns';
import { CkdCategoryFormDialog } from '../components/ckd-category-form-dialog';
import { CkdCategoryStatusDialog } from '../components/ckd-category-status-dialog';

const CATEGORY_FILTERS = { active: ACTIVE_FILTER_VALUES } as const;

const CATEGORY_LIST: ListStateConfig<ListCkdCategoriesQuery['sort'], typeof CATEGORY_FILTERS> = {
  sortable: ['name', 'code', 'stoveModel', 'createdAt'],
  defaultSort: 'name',
  filters: CATEGORY_FILTERS,
};

const NOUN = { one: 'CKD category', other: 'CKD categories' };

/** CKD Categories (/ckd/categories): kit types with their stove model and steel per kit. */
export function CkdCategoriesPage({ title }: { title: string }) {
  const list = useListState(CATEGORY_LIST);
  const result = useCkdCategories(list.apiParams);
  const actions = useRecordActions<CkdCategory>();

  const newButton = <NewRecordButton onClick={actions.openNew}>New CKD category</NewRecordButton>;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={title}
        description="Kit types: the stove model each builds and the steel one kit uses (consumed when kits are produced)."
      />
      <DataTable
        id="ckd-categories"
        label="CKD categories"
        noun={NOUN}
        columns={CKD_CATEGORY_COLUMNS}
        list={list}
        result={result}
        getRowId={getCategoryId}
        rowLabel={categoryLabel}
        rowActions={actions.rowActions}
        searchLabel="Search CKD categories"
        searchPlaceholder="Name, code or stove model"
        filters={<DataTableActiveFilter list={list} />}
        actions={newButton}
        empty={{
          title: 'No CKD categories yet',
          description: 'Add the first kit type with the steel one kit uses.',
          action: newButton,
        }}
      />
      <RecordFormSlot editing={actions.editing} onClose={actions.closeForm} dialog={CkdCategoryFormDialog} />
      <CkdCategoryStatusDialog change={actions.statusChange} onClose={actions.closeStatusChange} />
    </div>
  );
}

function getCategoryId(category: CkdCategory): string {
  return category.id;
}

function categoryLabel(category: CkdCategory): string {
  return `${category.name} (${category.code})`;
}
