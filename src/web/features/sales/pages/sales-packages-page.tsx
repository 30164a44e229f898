import type { ListSalesPackagesQuery, SalesPackage } from '@common/contracts/sales';
import { DataTable } from '@web/components/data-table/data-table';
import { ACTIVE_FILTER_VALUES, DataTableActiveFilter } from '@web/components/data-table/data-table-active-filter';
import { DataTableFilterSelect } from '@web/components/data-table/data-table-filter-select';
import type { ListStateConfig } from '@web/components/data-table/list-state.model';
import { useListState } from '@web/components/data-table/use-list-state';
import { NewRecordButton } from '@web/components/master-data/new-record-button';
import { RecordFormSlot } from '@web/components/master-data/record-form-slot';
import { useRecordActions } from '@web/components/master-data/use-record-actions';
import { PageHeader } from '@web/components/ui/page-header';
import { useCkdCategoryOptions } from '@web/lib/ckd-category-options';
import { useDeleteSalesPackage } from '../api/delete-sales-package';
import { useSalesPackages } from '../api/get-sales-packages';
import { SalesDeleteDialog } from '../components/sales-delete-dialog';
import { SALES_PACKAGE_COLUMNS } from '../components/sales-package-columns';
import { SalesPackageFormDialog } from '../components/sales-package-form-dialog';
import { SalesPackageStatusDialog } from '../components/sales-package-status-dialog';

const PACKAGE_FILTERS = { active: ACTIVE_FILTER_VALUES, ckdCategoryId: null } as const;

const PACKAGE_LIST: ListStateConfig<ListSalesPackagesQuery['sort'], typeof PACKAGE_FILTERS> = {
  sortable: ['name', 'code', 'stovesPerPackage', 'createdAt'],
  defaultSort: 'name',
  filters: PACKAGE_FILTERS,
};

const NOUN = { one: 'sales package', other: 'sales packages' };

/** Sales Packages (/sales/packages): what is sold, a stove model with its stoves and extra items. */
export function SalesPackagesPage({ title }: { title: string }) {
  const list = useListState(PACKAGE_LIST);
  const result = useSalesPackages(list.apiParams);
  const models = useCkdCategoryOptions();
  const { mutateAsync: remove } = useDeleteSalesPackage();
  const actions = useRecordActions({ deletable: unpriced });

  const newButton = <NewRecordButton onClick={actions.openNew}>New package</NewRecordButton>;
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
        rowActions={actions.rowActions}
        searchLabel="Search sales packages"
        searchPlaceholder="Name, code or extra items"
        filters={
          <>
            <DataTableActiveFilter list={list} />
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
      <RecordFormSlot editing={actions.editing} onClose={actions.closeForm} dialog={SalesPackageFormDialog} />
      <SalesPackageStatusDialog change={actions.statusChange} onClose={actions.closeStatusChange} />
      <SalesDeleteDialog record={actions.deleting} onClose={actions.closeDelete} noun="sales package" remove={remove} />
    </div>
  );
}

/** Only a package no price refers to can be deleted. */
function unpriced(pkg: SalesPackage): boolean {
  return pkg.priceCount === 0;
}

function getPackageId(pkg: SalesPackage): string {
  return pkg.id;
}

function packageLabel(pkg: SalesPackage): string {
  return `${pkg.name} (${pkg.code})`;
}
