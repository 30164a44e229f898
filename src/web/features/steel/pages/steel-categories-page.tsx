import { STEEL_UNITS, type ListSteelCategoriesQuery, type SteelCategory } from '@common/contracts/steel';
import { DataTable } from '@web/components/data-table/data-table';
import { ACTIVE_FILTER_VALUES, DataTableActiveFilter } from '@web/components/data-table/data-table-active-filter';
import { DataTableFilterSelect } from '@web/components/data-table/data-table-filter-select';
import type { ListStateConfig } from '@web/components/data-table/list-state.model';
import { useListState } from '@web/components/data-table/use-list-state';
import { NewRecordButton } from '@web/components/master-data/new-record-button';
import { RecordFormSlot } from '@web/components/master-data/record-form-slot';
import { useRecordActions } from '@web/components/master-data/use-record-actions';
import { PageHeader } from '@web/components/ui/page-header';
import { useSteelCategories } from '../api/get-steel-categories';
import { STEEL_CATEGORY_COLUMNS } from '../components/steel-category-columns';
import { SteelCategoryFormDialog } from '../components/steel-category-form-dialog';
import { SteelCategoryStatusDialog } from '../components/steel-category-status-dialog';
import { canEditSteelCategories, type SteelViewer } from '../components/steel-viewer';

const CATEGORY_FILTERS = { active: ACTIVE_FILTER_VALUES, unit: STEEL_UNITS } as const;

const CATEGORY_LIST: ListStateConfig<ListSteelCategoriesQuery['sort'], typeof CATEGORY_FILTERS> = {
  sortable: ['name', 'reorderLevel', 'totalStock', 'createdAt'],
  defaultSort: 'name',
  filters: CATEGORY_FILTERS,
};

const UNIT_OPTIONS = [
  { value: 'kg', label: 'kg' },
  { value: 'sheet', label: 'Sheets' },
] as const;

const NOUN = { one: 'steel category', other: 'steel categories' };

/** Steel Categories (/steel/categories): the kinds of steel stocked, with unit, reorder level and stock. */
export function SteelCategoriesPage({ title, viewer }: { title: string; viewer: SteelViewer }) {
  const list = useListState(CATEGORY_LIST);
  const result = useSteelCategories(list.apiParams);
  const canEdit = canEditSteelCategories(viewer);
  const actions = useRecordActions<SteelCategory>();

  const newButton = canEdit ? <NewRecordButton onClick={actions.openNew}>New category</NewRecordButton> : null;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={title}
        description={
          canEdit
            ? 'The kinds of steel the plant stocks: unit, reorder level and the stock held now.'
            : 'The kinds of steel the plant stocks: unit, reorder level and the stock held now. Only steel category editors can change them.'
        }
      />
      <DataTable
        id="steel-categories"
        label="Steel categories"
        noun={NOUN}
        columns={STEEL_CATEGORY_COLUMNS}
        list={list}
        result={result}
        getRowId={getCategoryId}
        rowLabel={categoryLabel}
        {...(canEdit ? { rowActions: actions.rowActions } : {})}
        searchLabel="Search steel categories"
        searchPlaceholder="Name or grade"
        filters={
          <>
            <DataTableActiveFilter list={list} />
            <DataTableFilterSelect list={list} name="unit" label="Unit" options={UNIT_OPTIONS} />
          </>
        }
        actions={newButton}
        empty={{
          title: 'No steel categories yet',
          description: canEdit
            ? 'Add the kinds of steel the plant stocks, e.g. "Mild steel sheet 1.2 mm".'
            : 'Steel categories appear here once an editor adds them.',
          action: newButton,
        }}
      />
      <RecordFormSlot editing={actions.editing} onClose={actions.closeForm} dialog={SteelCategoryFormDialog} />
      <SteelCategoryStatusDialog change={actions.statusChange} onClose={actions.closeStatusChange} />
    </div>
  );
}

function getCategoryId(category: SteelCategory): string {
  return category.id;
}

function categoryLabel(category: SteelCategory): string {
  return category.name;
}
