import { useCallback, useState } from 'react';
import { PencilIcon, PlusIcon, PowerIcon, PowerOffIcon } from 'lucide-react';
import type { CkdCategory, ListCkdCategoriesQuery } from '@common/contracts/ckd';
import { DataTable } from '@web/components/data-table/data-table';
import { DataTableFilterSelect } from '@web/components/data-table/data-table-filter-select';
import type { DataTableRowAction } from '@web/components/data-table/data-table-row-actions';
import type { ListStateConfig } from '@web/components/data-table/list-state.model';
import { useListState } from '@web/components/data-table/use-list-state';
import { Button } from '@web/components/ui/button';
import { PageHeader } from '@web/components/ui/page-header';
import { useCkdCategories } from '../api/get-ckd-categories';
import { CKD_CATEGORY_COLUMNS } from '../components/ckd-category-columns';
import { CkdCategoryFormDialog } from '../components/ckd-category-form-dialog';
import { CkdCategoryStatusDialog, type CkdCategoryStatusChange } from '../components/ckd-category-status-dialog';

const CATEGORY_FILTERS = { active: ['true', 'false'] } as const;

const CATEGORY_LIST: ListStateConfig<ListCkdCategoriesQuery['sort'], typeof CATEGORY_FILTERS> = {
  sortable: ['name', 'code', 'stoveModel', 'createdAt'],
  defaultSort: 'name',
  filters: CATEGORY_FILTERS,
};

const ACTIVE_OPTIONS = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
] as const;

const NOUN = { one: 'CKD category', other: 'CKD categories' };

/** CKD Categories (/ckd/categories): kit types with their stove model and steel per kit. */
export function CkdCategoriesPage({ title }: { title: string }) {
  const list = useListState(CATEGORY_LIST);
  const result = useCkdCategories(list.apiParams);
  /** The open form: undefined = closed, null = new category. */
  const [editing, setEditing] = useState<CkdCategory | null | undefined>(undefined);
  const [statusChange, setStatusChange] = useState<CkdCategoryStatusChange | null>(null);

  const rowActions = useCallback(
    (category: CkdCategory): DataTableRowAction[] => [
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

  const newButton = (
    <Button size="sm" onClick={() => setEditing(null)}>
      <PlusIcon aria-hidden="true" />
      New CKD category
    </Button>
  );

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
        rowActions={rowActions}
        searchLabel="Search CKD categories"
        searchPlaceholder="Name, code or stove model"
        filters={<DataTableFilterSelect list={list} name="active" label="Status" options={ACTIVE_OPTIONS} />}
        actions={newButton}
        empty={{
          title: 'No CKD categories yet',
          description: 'Add the first kit type with the steel one kit uses.',
          action: newButton,
        }}
      />
      {editing !== undefined ? (
        <CkdCategoryFormDialog key={editing?.id ?? 'new'} category={editing} onClose={() => setEditing(undefined)} />
      ) : null}
      <CkdCategoryStatusDialog change={statusChange} onClose={() => setStatusChange(null)} />
    </div>
  );
}

function getCategoryId(category: CkdCategory): string {
  return category.id;
}

function categoryLabel(category: CkdCategory): string {
  return `${category.name} (${category.code})`;
}
