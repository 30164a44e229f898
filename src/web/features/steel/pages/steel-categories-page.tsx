import { useCallback, useState } from 'react';
import { PencilIcon, PlusIcon, PowerIcon, PowerOffIcon } from 'lucide-react';
import { STEEL_UNITS, type ListSteelCategoriesQuery, type SteelCategory } from '@common/contracts/steel';
import { DataTable } from '@web/components/data-table/data-table';
import { DataTableFilterSelect } from '@web/components/data-table/data-table-filter-select';
import type { DataTableRowAction } from '@web/components/data-table/data-table-row-actions';
import type { ListStateConfig } from '@web/components/data-table/list-state.model';
import { useListState } from '@web/components/data-table/use-list-state';
import { Button } from '@web/components/ui/button';
import { PageHeader } from '@web/components/ui/page-header';
import { useSteelCategories } from '../api/get-steel-categories';
import { STEEL_CATEGORY_COLUMNS } from '../components/steel-category-columns';
import { SteelCategoryFormDialog } from '../components/steel-category-form-dialog';
import { SteelCategoryStatusDialog, type SteelCategoryStatusChange } from '../components/steel-category-status-dialog';
import { canEditSteelCategories, type SteelViewer } from '../components/steel-viewer';

const CATEGORY_FILTERS = { active: ['true', 'false'], unit: STEEL_UNITS } as const;

const CATEGORY_LIST: ListStateConfig<ListSteelCategoriesQuery['sort'], typeof CATEGORY_FILTERS> = {
  sortable: ['name', 'reorderLevel', 'totalStock', 'createdAt'],
  defaultSort: 'name',
  filters: CATEGORY_FILTERS,
};

const ACTIVE_OPTIONS = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
] as const;
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
  /** The open form: undefined = closed, null = new category. */
  const [editing, setEditing] = useState<SteelCategory | null | undefined>(undefined);
  const [statusChange, setStatusChange] = useState<SteelCategoryStatusChange | null>(null);

  const rowActions = useCallback(
    (category: SteelCategory): DataTableRowAction[] => [
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
    ],
    [],
  );

  const newButton = canEdit ? (
    <Button size="sm" onClick={() => setEditing(null)}>
      <PlusIcon aria-hidden="true" />
      New category
    </Button>
  ) : null;

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
        {...(canEdit ? { rowActions } : {})}
        searchLabel="Search steel categories"
        searchPlaceholder="Name or grade"
        filters={
          <>
            <DataTableFilterSelect list={list} name="active" label="Status" options={ACTIVE_OPTIONS} />
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
      {editing !== undefined ? (
        <SteelCategoryFormDialog key={editing?.id ?? 'new'} category={editing} onClose={() => setEditing(undefined)} />
      ) : null}
      <SteelCategoryStatusDialog change={statusChange} onClose={() => setStatusChange(null)} />
    </div>
  );
}

function getCategoryId(category: SteelCategory): string {
  return category.id;
}

function categoryLabel(category: SteelCategory): string {
  return category.name;
}
