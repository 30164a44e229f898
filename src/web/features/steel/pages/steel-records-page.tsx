import { useCallback, useMemo, useState } from 'react';
import { PlusIcon } from 'lucide-react';
import {
  STEEL_RECORD_KIND_LABELS,
  STEEL_RECORD_KINDS,
  type ListSteelRecordsQuery,
  type SteelRecord,
} from '@common/contracts/steel';
import { DataTableDayFilter } from '@web/components/data-table/data-table-day-filter';
import { DataTable } from '@web/components/data-table/data-table';
import { DataTableFilterSelect } from '@web/components/data-table/data-table-filter-select';
import type { ListStateConfig } from '@web/components/data-table/list-state.model';
import { useListState } from '@web/components/data-table/use-list-state';
import { FilesDialog, filesRowAction, type FilesOf } from '@web/components/files/files-dialog';
import { Button } from '@web/components/ui/button';
import { PageHeader } from '@web/components/ui/page-header';
import { useFactoryOptions } from '@web/lib/factory-options';
import { useSteelCategoryOptions } from '@web/lib/steel-category-options';
import { STEEL_RECORDS_EXPORT_PATH, useSteelRecords } from '../api/get-steel-records';
import { STEEL_RECORD_COLUMNS } from '../components/steel-record-columns';
import { SteelRecordFormDialog } from '../components/steel-record-form-dialog';
import { canRecordSteel, type SteelViewer } from '../components/steel-viewer';

const RECORD_FILTERS = {
  factoryId: null,
  categoryId: null,
  kind: STEEL_RECORD_KINDS,
  from: null,
  to: null,
} as const;

const RECORD_LIST: ListStateConfig<ListSteelRecordsQuery['sort'], typeof RECORD_FILTERS> = {
  sortable: ['date'],
  defaultSort: 'date',
  defaultDir: 'desc',
  filters: RECORD_FILTERS,
};

const KIND_OPTIONS = STEEL_RECORD_KINDS.map((value) => ({ value, label: STEEL_RECORD_KIND_LABELS[value] }));
const NOUN = { one: 'steel record', other: 'steel records' };

/** Steel Records (/steel/records): the steel ledger with filters and CSV export; record a movement. */
export function SteelRecordsPage({ title, viewer }: { title: string; viewer: SteelViewer }) {
  const list = useListState(RECORD_LIST);
  const result = useSteelRecords(list.apiParams);
  const factories = useFactoryOptions();
  const categories = useSteelCategoryOptions();
  const [recording, setRecording] = useState(false);
  const canRecord = canRecordSteel(viewer);
  const [filesOf, setFilesOf] = useState<FilesOf | null>(null);
  const rowActions = useCallback(
    (record: SteelRecord) => [filesRowAction(() => setFilesOf({ id: String(record.id), name: recordLabel(record) }))],
    [],
  );

  const factoryOptions = useMemo(
    () => (factories.data ?? []).map((f) => ({ value: f.id, label: `${f.code} — ${f.name}` })),
    [factories.data],
  );
  const categoryOptions = useMemo(
    () => (categories.data ?? []).map((c) => ({ value: c.id, label: c.name })),
    [categories.data],
  );

  const recordButton = canRecord ? (
    <Button size="sm" onClick={() => setRecording(true)}>
      <PlusIcon aria-hidden="true" />
      Record movement
    </Button>
  ) : null;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={title}
        description={
          viewer.isGlobal
            ? 'Every movement of steel, newest first: received, used, scrap, adjustments and CKD production.'
            : `Every movement of steel at ${viewer.factory?.name ?? 'your factory'}, newest first.`
        }
      />
      <DataTable
        id="steel-records"
        label="Steel records"
        noun={NOUN}
        columns={STEEL_RECORD_COLUMNS}
        list={list}
        result={result}
        getRowId={getRecordId}
        rowLabel={recordLabel}
        rowActions={rowActions}
        searchLabel="Search steel records"
        searchPlaceholder="Reference, supplier or note"
        filters={
          <>
            {viewer.isGlobal ? (
              <DataTableFilterSelect list={list} name="factoryId" label="Factory" options={factoryOptions} />
            ) : null}
            <DataTableFilterSelect list={list} name="categoryId" label="Category" options={categoryOptions} />
            <DataTableFilterSelect list={list} name="kind" label="Kind" options={KIND_OPTIONS} />
            <DataTableDayFilter list={list} name="from" label="From" />
            <DataTableDayFilter list={list} name="to" label="Until" />
          </>
        }
        actions={recordButton}
        exportPath={STEEL_RECORDS_EXPORT_PATH}
        empty={{
          title: 'No steel recorded yet',
          description: canRecord
            ? 'Record the steel received at a factory first; usage, scrap and adjustments take from that stock.'
            : 'Steel received, used and scrapped appears here once it is recorded.',
          action: recordButton,
        }}
      />
      {recording ? (
        <SteelRecordFormDialog
          viewer={viewer}
          categoryId={list.state.filters.categoryId}
          onClose={() => setRecording(false)}
        />
      ) : null}
      <FilesDialog kind="steel-record" record={filesOf} onClose={() => setFilesOf(null)} />
    </div>
  );
}

function getRecordId(record: SteelRecord): string {
  return String(record.id);
}

function recordLabel(record: SteelRecord): string {
  return `${STEEL_RECORD_KIND_LABELS[record.kind]} ${record.category.name} at ${record.factory.code} on ${record.date}`;
}
