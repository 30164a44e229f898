import { useCallback, useMemo, useState } from 'react';
import { ckdTransferNumberLabel, type CkdTransfer, type ListCkdTransfersQuery } from '@common/contracts/ckd';
import type { MeResponse } from '@common/contracts/me';
import { DataTableDayFilter } from '@web/components/data-table/data-table-day-filter';
import { DataTable } from '@web/components/data-table/data-table';
import { DataTableFilterSelect } from '@web/components/data-table/data-table-filter-select';
import type { ListStateConfig } from '@web/components/data-table/list-state.model';
import { useListState } from '@web/components/data-table/use-list-state';
import { FilesDialog, filesRowAction, type FilesOf } from '@web/components/files/files-dialog';
import { NoFactoryAssigned } from '@web/components/factory-scope/no-factory-assigned';
import { PageHeader } from '@web/components/ui/page-header';
import { useFactoryOptions } from '@web/lib/factory-options';
import { useCkdCategoryOptions } from '@web/lib/ckd-category-options';
import { CKD_TRANSFERS_EXPORT_PATH, useCkdTransfers } from '../api/get-ckd-transfers';
import { CKD_TRANSFER_COLUMNS } from '../components/ckd-transfer-columns';
import { CkdTransferForm } from '../components/ckd-transfer-form';
import { nameWithCode } from '../components/ckd.model';

const TRANSFER_FILTERS = { fromFactoryId: null, toFactoryId: null, categoryId: null, from: null, to: null } as const;

const TRANSFER_LIST: ListStateConfig<ListCkdTransfersQuery['sort'], typeof TRANSFER_FILTERS> = {
  sortable: ['date', 'number'],
  defaultSort: 'date',
  defaultDir: 'desc',
  filters: TRANSFER_FILTERS,
};

const NOUN = { one: 'kit transfer', other: 'kit transfers' };

/** CKD Transfer (/ckd/transfer): send kits to another factory; every transfer, with filters and CSV. */
export function CkdTransferPage({ title, viewer }: { title: string; viewer: MeResponse }) {
  const list = useListState(TRANSFER_LIST);
  const result = useCkdTransfers(list.apiParams);
  const factories = useFactoryOptions();
  const categories = useCkdCategoryOptions();
  const canSend = viewer.permissions.some((p) => p === 'ckd-transfer' || p === 'transfer-ckd-to-factory');
  const [filesOf, setFilesOf] = useState<FilesOf | null>(null);
  const rowActions = useCallback(
    (t: CkdTransfer) => [filesRowAction(() => setFilesOf({ id: t.id, name: ckdTransferNumberLabel(t.number) }))],
    [],
  );

  const factoryOptions = useMemo(
    () => (factories.data ?? []).map((f) => ({ value: f.id, label: nameWithCode(f) })),
    [factories.data],
  );
  const categoryOptions = useMemo(
    () => (categories.data ?? []).map((c) => ({ value: c.id, label: nameWithCode(c) })),
    [categories.data],
  );

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={title}
        description={
          viewer.isGlobal
            ? 'Move kits between factories. They arrive at once.'
            : 'Send kits from your factory to another; you see the transfers your factory sent or received.'
        }
      />
      {!canSend ? (
        <p className="rounded-md border bg-muted/50 p-3 text-sm">
          You can see kit transfers here. Sending kits needs the CKD transfer permission: ask an administrator if you
          need it.
        </p>
      ) : !viewer.isGlobal && !viewer.factory ? (
        <NoFactoryAssigned description="Kits are sent from your factory, and you have none. Ask an administrator to assign one." />
      ) : (
        <CkdTransferForm viewer={viewer} />
      )}
      <section aria-labelledby="ckd-transfers-heading" className="flex flex-col gap-4">
        <h2 id="ckd-transfers-heading" className="text-lg font-semibold">
          Transfers
        </h2>
        <DataTable
          id="ckd-transfers"
          label="Kit transfers"
          noun={NOUN}
          columns={CKD_TRANSFER_COLUMNS}
          list={list}
          result={result}
          getRowId={getTransferId}
          rowLabel={transferLabel}
          rowActions={rowActions}
          searchLabel="Search transfers"
          searchPlaceholder="Transfer number, e.g. KT-000012"
          filters={
            <>
              <DataTableFilterSelect list={list} name="fromFactoryId" label="From factory" options={factoryOptions} />
              <DataTableFilterSelect list={list} name="toFactoryId" label="To factory" options={factoryOptions} />
              <DataTableFilterSelect list={list} name="categoryId" label="CKD category" options={categoryOptions} />
              <DataTableDayFilter list={list} name="from" label="Sent from" />
              <DataTableDayFilter list={list} name="to" label="Sent until" />
            </>
          }
          exportPath={CKD_TRANSFERS_EXPORT_PATH}
          empty={{ title: 'No kit transfers yet', description: 'Kits sent between factories appear here.' }}
        />
      </section>
      <FilesDialog kind="ckd-transfer" record={filesOf} onClose={() => setFilesOf(null)} />
    </div>
  );
}

function getTransferId(transfer: CkdTransfer): string {
  return transfer.id;
}

function transferLabel(transfer: CkdTransfer): string {
  return `${ckdTransferNumberLabel(transfer.number)} from ${transfer.from.code} to ${transfer.to.code}`;
}
