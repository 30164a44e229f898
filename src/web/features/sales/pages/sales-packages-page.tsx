import { useCallback, useState } from 'react';
import { PencilIcon, PlusIcon, PowerIcon, PowerOffIcon, Trash2Icon } from 'lucide-react';
import type { ListSalesPackagesQuery, SalesPackage } from '@common/contracts/sales';
import { DataTable } from '@web/components/data-table/data-table';
import { DataTableFilterSelect } from '@web/components/data-table/data-table-filter-select';
import type { DataTableRowAction } from '@web/components/data-table/data-table-row-actions';
import type { ListStateConfig } from '@web/components/data-table/list-state.model';
import { useListState } from '@web/components/data-table/use-list-state';
import { Button } from '@web/components/ui/button';
import { PageHeader } from '@web/components/ui/page-header';
import { useCkdCategoryOptions } from '@web/lib/ckd-category-options';
import { useDeleteSalesPackage } from '../api/delete-sales-package';
import { useSalesPackages } from '../api/get-sales-packages';
import { SalesDeleteDialog } from '../components/sales-delete-dialog';
import { SALES_PACKAGE_COLUMNS } from '../components/sales-package-columns';
import { SalesPackageFormDialog } from '../components/sales-package-form-dialog';
import { SalesPackageStatusDialog, type SalesPackageStatusChange } from '../components/sales-package-status-dialog';

const PACKAGE_FILTERS = { active: ['true', 'false'], ckdCategoryId: null } as const;

const PACKAGE_LIST: ListStateConfig<ListSalesPackagesQuery['sort'], typeof PACKAGE_FILTERS> = {
  sortable: ['name', 'code', 'stovesPerPackage', 'createdAt'],
  defaultSort: 'name',
  filters: PACKAGE_FILTERS,
};

const ACTIVE_OPTIONS = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
] as const;

const NOUN = { one: 'sales package', other: 'sales packages' };

/** Sales Packages (/sales/packages): what is sold, a stove model with its stoves and extra items. */
export function SalesPackagesPage({ title }: { title: string }) {
  const list = useListState(PACKAGE_LIST);
  const result = useSalesPackages(list.apiParams);
  const models = useCkdCategoryOptions();
  const { mutateAsync: remove } = useDeleteSalesPackage();
  /** The open form: undefined = closed, null = new package. */
  const [editing, setEditing] = useState<SalesPackage | null | undefined>(undefined);
  const [statusChange, setStatusChange] = useState<SalesPackageStatusChange | null>(null);
  const [deleting, setDeleting] = useState<SalesPackage | null>(null);

  const rowActions = useCallback(
    (pkg: SalesPackage): DataTableRowAction[] => [
      { label: 'Edit', icon: PencilIcon, onSelect: () => setEditing(pkg) },
      pkg.active
        ? {
            label: 'Deactivate',
            icon: PowerOffIcon,
            variant: 'destructive',
            onSelect: () => setStatusChange({ record: pkg, action: 'deactivate' }),
          }
        : {
            label: 'Reactivate',
            icon: PowerIcon,
            onSelect: () => setStatusChange({ record: pkg, action: 'reactivate' }),
          },
      ...(pkg.priceCount === 0
        ? [{ label: 'Delete', icon: Trash2Icon, variant: 'destructive' as const, onSelect: () => setDeleting(pkg) }]
        : []),
    ],
    [],
  );

  const newButton = (
    <Button size="sm" onClick={() => setEditing(null)}>
      <PlusIcon aria-hidden="true" />
      New package
    </Button>
  );
  const modelOptions = (models.data ?? []).map((m) => ({ value: m.id, label: `${m.name} (${m.code})` }));

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={title}
        description="What is sold: a stove model, how many stoves one package delivers and the extra items that come with them."
      />
      <DataTable
        id="sales-packages"
        label="Sales packages"
        noun={NOUN}
        columns={SALES_PACKAGE_COLUMNS}
        list={list}
        result={result}
        getRowId={getPackageId}
        rowLabel={packageLabel}
        rowActions={rowActions}
        searchLabel="Search sales packages"
        searchPlaceholder="Name, code or extra items"
        filters={
          <>
            <DataTableFilterSelect list={list} name="active" label="Status" options={ACTIVE_OPTIONS} />
            <DataTableFilterSelect list={list} name="ckdCategoryId" label="Stove model" options={modelOptions} />
          </>
        }
        actions={newButton}
        exportPath="/api/sales/packages/export.csv"
        empty={{
          title: 'No sales packages yet',
          description: 'Add what you sell, e.g. a single stove, a 10-stove dealer pack or a stove + pot bundle.',
          action: newButton,
        }}
      />
      {editing !== undefined ? (
        <SalesPackageFormDialog key={editing?.id ?? 'new'} pkg={editing} onClose={() => setEditing(undefined)} />
      ) : null}
      <SalesPackageStatusDialog change={statusChange} onClose={() => setStatusChange(null)} />
      <SalesDeleteDialog record={deleting} onClose={() => setDeleting(null)} noun="sales package" remove={remove} />
    </div>
  );
}

function getPackageId(pkg: SalesPackage): string {
  return pkg.id;
}

function packageLabel(pkg: SalesPackage): string {
  return `${pkg.name} (${pkg.code})`;
}
