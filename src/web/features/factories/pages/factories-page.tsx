import { FACTORY_KINDS, type Factory, type ListFactoriesQuery } from '@common/contracts/factories';
import { DataTable } from '@web/components/data-table/data-table';
import { ACTIVE_FILTER_VALUES, DataTableActiveFilter } from '@web/components/data-table/data-table-active-filter';
import { DataTableFilterSelect } from '@web/components/data-table/data-table-filter-select';
import type { ListStateConfig } from '@web/components/data-table/list-state.model';
import { useListState } from '@web/components/data-table/use-list-state';
import { NewRecordButton } from '@web/components/master-data/new-record-button';
import { RecordFormSlot } from '@web/components/master-data/record-form-slot';
import { useRecordActions } from '@web/components/master-data/use-record-actions';
import { PageHeader } from '@web/components/ui/page-header';
import { FACTORIES_EXPORT_PATH, useFactories } from '../api/get-factories';
import { CompanyTimeZone } from '../components/company-time-zone';
import { FACTORY_COLUMNS } from '../components/factory-columns';
import { FactoryFormDialog } from '../components/factory-form-dialog';
import { FACTORY_KIND_OPTIONS } from '../components/factory-kind';
import { FactoryStatusDialog } from '../components/factory-status-dialog';

const FACTORY_FILTERS = { kind: FACTORY_KINDS, active: ACTIVE_FILTER_VALUES } as const;

const FACTORY_LIST: ListStateConfig<ListFactoriesQuery['sort'], typeof FACTORY_FILTERS> = {
  sortable: ['name', 'code', 'kind', 'createdAt'],
  defaultSort: 'name',
  filters: FACTORY_FILTERS,
};

const NOUN = { one: 'factory', other: 'factories' };

/**
 * Factory Management (/factory): list, search, filter, create, edit, deactivate and reactivate
 * factories; the company's time zone.
 */
export function FactoriesPage({ title, companyTimeZone }: { title: string; companyTimeZone: string }) {
  const list = useListState(FACTORY_LIST);
  const result = useFactories(list.apiParams);
  const actions = useRecordActions<Factory>();

  const newFactoryButton = <NewRecordButton onClick={actions.openNew}>New factory</NewRecordButton>;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={title} description="The plants that make CKD kits and the sites that assemble stoves." />
      <DataTable
        id="factories"
        label="Factories"
        noun={NOUN}
        columns={FACTORY_COLUMNS}
        list={list}
        result={result}
        getRowId={getFactoryId}
        rowLabel={factoryLabel}
        rowActions={actions.rowActions}
        searchLabel="Search factories"
        searchPlaceholder="Name or code"
        filters={
          <>
            <DataTableFilterSelect list={list} name="kind" label="Kind" options={FACTORY_KIND_OPTIONS} />
            <DataTableActiveFilter list={list} />
          </>
        }
        actions={newFactoryButton}
        exportPath={FACTORIES_EXPORT_PATH}
        empty={{
          title: 'No factories yet',
          description: 'Add the first plant or assembly site.',
          action: newFactoryButton,
        }}
      />
      <CompanyTimeZone current={companyTimeZone} />
      <RecordFormSlot editing={actions.editing} onClose={actions.closeForm} dialog={FactoryFormDialog} />
      <FactoryStatusDialog change={actions.statusChange} onClose={actions.closeStatusChange} />
    </div>
  );
}

function getFactoryId(factory: Factory): string {
  return factory.id;
}

function factoryLabel(factory: Factory): string {
  return `${factory.name} (${factory.code})`;
}
