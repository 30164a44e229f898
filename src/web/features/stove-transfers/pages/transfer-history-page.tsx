import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { EyeIcon } from 'lucide-react';
import {
  STOVE_TRANSFER_STATUSES,
  STOVE_TRANSFER_STATUS_LABELS,
  transferNumberLabel,
  type ListStoveTransfersQuery,
  type StoveTransfer,
} from '@common/contracts/stove-ids';
import { DataTableDayFilter } from '@web/components/data-table/data-table-day-filter';
import { DataTable } from '@web/components/data-table/data-table';
import { DataTableFilterSelect } from '@web/components/data-table/data-table-filter-select';
import type { DataTableRowAction } from '@web/components/data-table/data-table-row-actions';
import type { ListStateConfig } from '@web/components/data-table/list-state.model';
import { useListState } from '@web/components/data-table/use-list-state';
import { PageHeader } from '@web/components/ui/page-header';
import { useFactoryOptions } from '@web/lib/factory-options';
import { STOVE_TRANSFERS_EXPORT_PATH, useStoveTransfers } from '../api/get-stove-transfers';
import { transferColumns } from '../components/transfer-columns';

const TRANSFER_FILTERS = {
  status: STOVE_TRANSFER_STATUSES,
  fromFactoryId: null,
  toFactoryId: null,
  from: null,
  to: null,
} as const;

const TRANSFER_LIST: ListStateConfig<ListStoveTransfersQuery['sort'], typeof TRANSFER_FILTERS> = {
  sortable: ['createdAt', 'number'],
  defaultSort: 'createdAt',
  defaultDir: 'desc',
  filters: TRANSFER_FILTERS,
};

const STATUS_OPTIONS = STOVE_TRANSFER_STATUSES.map((value) => ({ value, label: STOVE_TRANSFER_STATUS_LABELS[value] }));
const NOUN = { one: 'transfer', other: 'transfers' };
const DETAIL_PATH = '/stove-id/transfer-history';
const COLUMNS = transferColumns(DETAIL_PATH);

/** Transfer History (/stove-id/transfer-history): every transfer with filters and CSV export; open one. */
export function TransferHistoryPage({ title }: { title: string }) {
  const list = useListState(TRANSFER_LIST);
  const result = useStoveTransfers(list.apiParams);
  const factories = useFactoryOptions();
  const navigate = useNavigate();
  const location = useLocation();
  const backTo = `${location.pathname}${location.search}`;
  const factoryOptions = useMemo(
    () => (factories.data ?? []).map((f) => ({ value: f.id, label: `${f.name} (${f.code})` })),
    [factories.data],
  );

  const rowActions = useCallback(
    (transfer: StoveTransfer): DataTableRowAction[] => [
      {
        label: 'Open',
        icon: EyeIcon,
        onSelect: () => void navigate(`${DETAIL_PATH}/${transfer.id}`, { state: { backTo } }),
      },
    ],
    [navigate, backTo],
  );

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={title}
        description="Every stove transfer with its sides, counts, dates and people. Open one to see its IDs and outcome."
      />
      <DataTable
        id="stove-transfers"
        label="Stove transfers"
        noun={NOUN}
        columns={COLUMNS}
        list={list}
        result={result}
        getRowId={getTransferId}
        rowLabel={transferLabel}
        rowActions={rowActions}
        searchLabel="Search transfers"
        searchPlaceholder="Transfer number or stove ID"
        filters={
          <>
            <DataTableFilterSelect list={list} name="status" label="Status" options={STATUS_OPTIONS} />
            <DataTableFilterSelect list={list} name="fromFactoryId" label="From factory" options={factoryOptions} />
            <DataTableFilterSelect list={list} name="toFactoryId" label="To factory" options={factoryOptions} />
            <DataTableDayFilter list={list} name="from" label="Sent from" />
            <DataTableDayFilter list={list} name="to" label="Sent until" />
          </>
        }
        exportPath={STOVE_TRANSFERS_EXPORT_PATH}
        empty={{
          title: 'No transfers yet',
          description: 'Transfers sent from Stove Transfer appear here with their outcome.',
        }}
      />
    </div>
  );
}

function getTransferId(transfer: StoveTransfer): string {
  return transfer.id;
}

function transferLabel(transfer: StoveTransfer): string {
  return `${transferNumberLabel(transfer.number)} from ${transfer.from.name} to ${transfer.to.name}`;
}
