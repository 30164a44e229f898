import { useMemo } from 'react';
import {
  inventoryEntryNumberLabel,
  type InventoryEntrySummary,
  type ListInventoryEntriesQuery,
} from '@common/contracts/inventory';
import { DataTable } from '@web/components/data-table/data-table';
import { DataTableDayFilter } from '@web/components/data-table/data-table-day-filter';
import { DataTableFilterSelect } from '@web/components/data-table/data-table-filter-select';
import type { ListStateConfig } from '@web/components/data-table/list-state.model';
import { useListState, type ListController } from '@web/components/data-table/use-list-state';
import { useFactoryOptions } from '@web/lib/factory-options';
import { INVENTORY_ENTRIES_EXPORT_PATH, useInventoryEntries } from '../api/get-inventory-entries';
import { useInventoryOptions } from '../api/get-inventory-options';
import { transferColumns } from './entry-columns';
import { EntryDetailDialog } from './entry-detail-dialog';
import { EntryLink, useEntryParam } from './entry-link';
import { recordId } from './inventory-labels';
import type { InventoryViewer } from './inventory-viewer';

const FILTERS = { fromFactoryId: null, toFactoryId: null, itemId: null, from: null, to: null } as const;
const LIST: ListStateConfig<ListInventoryEntriesQuery['sort'], typeof FILTERS> = {
  sortable: ['date', 'number'],
  defaultSort: 'date',
  defaultDir: 'desc',
  filters: FILTERS,
};
const NOUN = { one: 'transfer', other: 'transfers' };
const COLUMNS = transferColumns((entry) => <EntryLink entry={entry} />);

/** Transfer History: every transfer between factories, with filters, search by number and CSV; one opens in a dialog. */
export function TransferHistoryTab({ viewer }: { viewer: InventoryViewer }) {
  const state = useListState(LIST);
  // The list is the entries of kind "transfer": the kind is fixed, not a filter in the URL.
  const list: ListController = {
    ...state,
    apiParams: { ...state.apiParams, kind: 'transfer' },
    exportQuery: `kind=transfer&${state.exportQuery}`,
  };
  const result = useInventoryEntries(list.apiParams);
  const factories = useFactoryOptions();
  const options = useInventoryOptions();
  const { entryId, close } = useEntryParam();

  const factoryOptions = useMemo(
    () => (factories.data ?? []).map((f) => ({ value: f.id, label: `${f.code} — ${f.name}` })),
    [factories.data],
  );
  const itemOptions = useMemo(
    () => (options.data?.items ?? []).map((i) => ({ value: i.id, label: i.name })),
    [options.data],
  );

  return (
    <>
      <DataTable
        id="inventory-transfers"
        label="Inventory transfers"
        noun={NOUN}
        columns={COLUMNS}
        list={list}
        result={result}
        getRowId={recordId}
        rowLabel={transferLabel}
        searchLabel="Search transfers"
        searchPlaceholder="Number (IT-000012), reference or note"
        filters={
          <>
            <DataTableFilterSelect list={state} name="fromFactoryId" label="From factory" options={factoryOptions} />
            <DataTableFilterSelect list={state} name="toFactoryId" label="To factory" options={factoryOptions} />
            <DataTableFilterSelect list={state} name="itemId" label="Item" options={itemOptions} />
            <DataTableDayFilter list={state} name="from" label="From date" />
            <DataTableDayFilter list={state} name="to" label="Until date" />
          </>
        }
        exportPath={INVENTORY_ENTRIES_EXPORT_PATH}
        empty={{
          title: 'No transfers yet',
          description: viewer.isGlobal
            ? 'Stock moved between factories on Transfer Inventory appears here.'
            : 'Transfers your factory sent or received appear here.',
        }}
      />
      <EntryDetailDialog entryId={entryId} onClose={close} />
    </>
  );
}

function transferLabel(entry: InventoryEntrySummary): string {
  return `${inventoryEntryNumberLabel(entry.kind, entry.number)} from ${entry.factory.code} to ${entry.toFactory?.code ?? '?'}`;
}
