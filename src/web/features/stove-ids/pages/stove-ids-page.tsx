import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { BanIcon, FileUpIcon, LayersIcon, PlusIcon, PrinterIcon } from 'lucide-react';
import {
  STOVE_ID_STATUSES,
  STOVE_ID_STATUS_LABELS,
  type ListStoveIdsQuery,
  type StoveId,
} from '@common/contracts/stove-ids';
import { DataTable } from '@web/components/data-table/data-table';
import { DataTableFilterSelect } from '@web/components/data-table/data-table-filter-select';
import type { ListStateConfig } from '@web/components/data-table/list-state.model';
import { useListState } from '@web/components/data-table/use-list-state';
import { FactoryFilter } from '@web/components/filters/factory-filter';
import { Button } from '@web/components/ui/button';
import { PageHeader } from '@web/components/ui/page-header';
import { useStoveBatches } from '../api/get-stove-batches';
import { STOVE_IDS_EXPORT_PATH, useStoveIds } from '../api/get-stove-ids';
import { BatchesDialog } from '../components/batches-dialog';
import { GenerateBatchDialog } from '../components/generate-batch-dialog';
import { ImportStoveIdsDialog } from '../components/import-stove-ids-dialog';
import { labelSheetHref } from '../components/label-sheet.model';
import { STOVE_ID_COLUMNS } from '../components/stove-id-columns';
import { BatchFilter, DateFilter } from '../components/stove-id-filters';
import type { StoveIdsActor } from '../components/stove-ids-actor';
import { VoidStoveIdsDialog } from '../components/void-stove-ids-dialog';

const STOVE_ID_FILTERS = {
  factoryId: null,
  status: STOVE_ID_STATUSES,
  batchId: null,
  from: null,
  to: null,
} as const;

const STOVE_ID_LIST: ListStateConfig<ListStoveIdsQuery['sort'], typeof STOVE_ID_FILTERS> = {
  sortable: ['code', 'createdAt'],
  defaultSort: 'code',
  filters: STOVE_ID_FILTERS,
};

const STATUS_OPTIONS = STOVE_ID_STATUSES.map((status) => ({ value: status, label: STOVE_ID_STATUS_LABELS[status] }));

const NOUN = { one: 'stove ID', other: 'stove IDs' };

/** The newest batches offered by the batch filter. */
const BATCH_FILTER_LIMIT = 200;

type OpenDialog =
  | { kind: 'generate' }
  | { kind: 'import' }
  | { kind: 'void'; codes: string[]; onVoided?: () => void }
  | { kind: 'batches' };

/**
 * Stove ID Management (/stove-id/management): the registry, paged on the server (it holds millions),
 * with search by code or prefix, filters, sort and CSV export kept in the URL; generate a batch,
 * import, void, batches and label sheets.
 */
export function StoveIdsPage({ title, actor }: { title: string; actor: StoveIdsActor }) {
  const navigate = useNavigate();
  const list = useListState(STOVE_ID_LIST);
  const result = useStoveIds(list.apiParams);
  const factoryId = actor.isGlobal ? list.state.filters.factoryId : undefined;
  const batches = useStoveBatches({ limit: BATCH_FILTER_LIMIT, factoryId });
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const close = useCallback(() => setDialog(null), []);

  const generateButton = (
    <Button size="sm" onClick={() => setDialog({ kind: 'generate' })}>
      <PlusIcon aria-hidden="true" />
      Generate batch
    </Button>
  );

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={title}
        description={
          actor.isGlobal
            ? 'Every stove ID label: its status, factory and batch.'
            : `The stove ID labels of ${actor.factory ? `${actor.factory.code} ${actor.factory.name}` : 'your factory'}.`
        }
      />
      <DataTable
        id="stove-ids"
        label="Stove IDs"
        noun={NOUN}
        columns={STOVE_ID_COLUMNS}
        list={list}
        result={result}
        getRowId={stoveIdCode}
        rowLabel={stoveIdCode}
        bulkActions={(rows, clearSelection) => (
          <>
            <Button
              size="sm"
              variant="outline"
              onClick={() => setDialog({ kind: 'void', codes: rows.map(stoveIdCode), onVoided: clearSelection })}
            >
              <BanIcon aria-hidden="true" />
              Void selected
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() => void navigate(labelSheetHref({ codes: rows.map(stoveIdCode) }))}
            >
              <PrinterIcon aria-hidden="true" />
              Print labels for selected
            </Button>
          </>
        )}
        searchLabel="Search stove IDs"
        searchPlaceholder="A code or its start, e.g. STV0001"
        filters={
          <>
            {actor.isGlobal ? (
              <FactoryFilter
                widthClassName="sm:w-44"
                value={list.state.filters.factoryId ?? ''}
                onChange={(id) => list.setFilter('factoryId', id || undefined)}
              />
            ) : null}
            <DataTableFilterSelect list={list} name="status" label="Status" options={STATUS_OPTIONS} />
            <BatchFilter
              value={list.state.filters.batchId ?? ''}
              onChange={(id) => list.setFilter('batchId', id)}
              options={batches.data?.items}
            />
            <DateFilter
              label="Created from"
              value={list.state.filters.from ?? ''}
              max={list.state.filters.to}
              onChange={(day) => list.setFilter('from', day)}
            />
            <DateFilter
              label="Created to"
              value={list.state.filters.to ?? ''}
              min={list.state.filters.from}
              onChange={(day) => list.setFilter('to', day)}
            />
          </>
        }
        actions={
          <>
            <Button size="sm" variant="outline" onClick={() => setDialog({ kind: 'batches' })}>
              <LayersIcon aria-hidden="true" />
              Batches
            </Button>
            <Button size="sm" variant="outline" onClick={() => setDialog({ kind: 'void', codes: [] })}>
              <BanIcon aria-hidden="true" />
              Void IDs
            </Button>
            <Button size="sm" variant="outline" onClick={() => setDialog({ kind: 'import' })}>
              <FileUpIcon aria-hidden="true" />
              Import IDs
            </Button>
            {generateButton}
          </>
        }
        exportPath={STOVE_IDS_EXPORT_PATH}
        empty={{
          title: 'No stove IDs yet',
          description: 'Generate a batch of new labels, or import the codes of existing ones.',
          action: generateButton,
        }}
      />
      {dialog?.kind === 'generate' ? (
        <GenerateBatchDialog
          actor={actor}
          onClose={close}
          // The new batch's IDs: the list filtered to it alone.
          onCreated={(batch) => void navigate({ search: `?batchId=${batch.id}` })}
        />
      ) : null}
      {dialog?.kind === 'import' ? <ImportStoveIdsDialog actor={actor} onClose={close} /> : null}
      {dialog?.kind === 'void' ? (
        <VoidStoveIdsDialog initialCodes={dialog.codes} onVoided={dialog.onVoided} onClose={close} />
      ) : null}
      {dialog?.kind === 'batches' ? (
        <BatchesDialog
          onClose={close}
          onShowIds={(batch) => {
            close();
            list.setFilter('batchId', batch.id);
          }}
        />
      ) : null}
    </div>
  );
}

function stoveIdCode(stoveId: StoveId): string {
  return stoveId.code;
}
