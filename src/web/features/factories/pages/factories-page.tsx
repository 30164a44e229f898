import { useCallback, useState } from 'react';
import { PencilIcon, PlusIcon, PowerIcon, PowerOffIcon } from 'lucide-react';
import { FACTORY_KINDS, type Factory, type ListFactoriesQuery } from '@common/contracts/factories';
import { DataTable } from '@web/components/data-table/data-table';
import { DataTableFilterSelect } from '@web/components/data-table/data-table-filter-select';
import type { DataTableRowAction } from '@web/components/data-table/data-table-row-actions';
import type { ListStateConfig } from '@web/components/data-table/list-state.model';
import { useListState } from '@web/components/data-table/use-list-state';
import { Button } from '@web/components/ui/button';
import { PageHeader } from '@web/components/ui/page-header';
import { FACTORIES_EXPORT_PATH, useFactories } from '../api/get-factories';
import { FACTORY_COLUMNS } from '../components/factory-columns';
import { FactoryFormDialog } from '../components/factory-form-dialog';
import { FACTORY_KIND_OPTIONS } from '../components/factory-kind';
import { FactoryStatusDialog, type FactoryStatusChange } from '../components/factory-status-dialog';

const FACTORY_FILTERS = { kind: FACTORY_KINDS, active: ['true', 'false'] } as const;

const FACTORY_LIST: ListStateConfig<ListFactoriesQuery['sort'], typeof FACTORY_FILTERS> = {
  sortable: ['name', 'code', 'kind', 'createdAt'],
  defaultSort: 'name',
  filters: FACTORY_FILTERS,
};

const ACTIVE_OPTIONS = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
] as const;

const NOUN = { one: 'factory', other: 'factories' };

/** Factory Management (/factory): list, search, filter, create, edit, deactivate and reactivate factories. */
export function FactoriesPage({ title }: { title: string }) {
  const list = useListState(FACTORY_LIST);
  const result = useFactories(list.apiParams);
  /** The open form: undefined = closed, null = new factory. */
  const [editing, setEditing] = useState<Factory | null | undefined>(undefined);
  const [statusChange, setStatusChange] = useState<FactoryStatusChange | null>(null);

  const rowActions = useCallback(
    (factory: Factory): DataTableRowAction[] => [
      { label: 'Edit', icon: PencilIcon, onSelect: () => setEditing(factory) },
      factory.active
        ? {
            label: 'Deactivate',
            icon: PowerOffIcon,
            variant: 'destructive',
            onSelect: () => setStatusChange({ record: factory, action: 'deactivate' }),
          }
        : {
            label: 'Reactivate',
            icon: PowerIcon,
            onSelect: () => setStatusChange({ record: factory, action: 'reactivate' }),
          },
    ],
    [],
  );

  const newFactoryButton = (
    <Button size="sm" onClick={() => setEditing(null)}>
      <PlusIcon aria-hidden="true" />
      New factory
    </Button>
  );

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
        rowActions={rowActions}
        searchLabel="Search factories"
        searchPlaceholder="Name or code"
        filters={
          <>
            <DataTableFilterSelect list={list} name="kind" label="Kind" options={FACTORY_KIND_OPTIONS} />
            <DataTableFilterSelect list={list} name="active" label="Status" options={ACTIVE_OPTIONS} />
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
      {editing !== undefined ? (
        <FactoryFormDialog key={editing?.id ?? 'new'} factory={editing} onClose={() => setEditing(undefined)} />
      ) : null}
      <FactoryStatusDialog change={statusChange} onClose={() => setStatusChange(null)} />
    </div>
  );
}

function getFactoryId(factory: Factory): string {
  return factory.id;
}

function factoryLabel(factory: Factory): string {
  return `${factory.name} (${factory.code})`;
}
