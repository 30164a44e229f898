import { useMemo, useState } from 'react';
import { PlusIcon } from 'lucide-react';
import { producedRecordNumberLabel, type ListProducedRecordsQuery, type ProducedRecord } from '@common/contracts/ckd';
import type { MeResponse } from '@common/contracts/me';
import { DataTableDayFilter } from '@web/components/data-table/data-table-day-filter';
import { DataTable } from '@web/components/data-table/data-table';
import { DataTableFilterSelect } from '@web/components/data-table/data-table-filter-select';
import type { ListStateConfig } from '@web/components/data-table/list-state.model';
import { useListState } from '@web/components/data-table/use-list-state';
import { Button } from '@web/components/ui/button';
import { PageHeader } from '@web/components/ui/page-header';
import { useFactoryOptions } from '@web/lib/factory-options';
import { useCkdCategoryOptions } from '@web/lib/ckd-category-options';
import { PRODUCED_RECORDS_EXPORT_PATH, useProducedRecords } from '../api/get-produced-records';
import { nameWithCode } from '../components/ckd.model';
import { PRODUCED_RECORD_COLUMNS } from '../components/produced-record-columns';
import { ProducedRecordFormDialog } from '../components/produced-record-form-dialog';

const RECORD_FILTERS = { factoryId: null, categoryId: null, from: null, to: null } as const;

const RECORD_LIST: ListStateConfig<ListProducedRecordsQuery['sort'], typeof RECORD_FILTERS> = {
  sortable: ['date', 'number'],
  defaultSort: 'date',
  defaultDir: 'desc',
  filters: RECORD_FILTERS,
};

const NOUN = { one: 'produced record', other: 'produced records' };

/** Produced CKD Records (/ckd/produced-records): kits made at the plants, the steel they used; record more. */
export function ProducedRecordsPage({ title, viewer }: { title: string; viewer: MeResponse }) {
  const list = useListState(RECORD_LIST);
  const result = useProducedRecords(list.apiParams);
  const factories = useFactoryOptions();
  const categories = useCkdCategoryOptions();
  const [recording, setRecording] = useState(false);

  const plantOptions = useMemo(
    () =>
      (factories.data ?? []).filter((f) => f.kind !== 'assembly').map((f) => ({ value: f.id, label: nameWithCode(f) })),
    [factories.data],
  );
  const categoryOptions = useMemo(
    () => (categories.data ?? []).map((c) => ({ value: c.id, label: nameWithCode(c) })),
    [categories.data],
  );

  const recordButton = (
    <Button size="sm" onClick={() => setRecording(true)}>
      <PlusIcon aria-hidden="true" />
      Record produced kits
    </Button>
  );

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={title}
        description="Kits made at the plants. Recording kits adds them to the plant's stock and uses the steel their category needs."
      />
      <DataTable
        id="ckd-produced-records"
        label="Produced CKD records"
        noun={NOUN}
        columns={PRODUCED_RECORD_COLUMNS}
        list={list}
        result={result}
        getRowId={getRecordId}
        rowLabel={recordLabel}
        searchLabel="Search records"
        searchPlaceholder="Record number, e.g. PK-000012"
        filters={
          <>
            {viewer.isGlobal ? (
              <DataTableFilterSelect list={list} name="factoryId" label="Plant" options={plantOptions} />
            ) : null}
            <DataTableFilterSelect list={list} name="categoryId" label="CKD category" options={categoryOptions} />
            <DataTableDayFilter list={list} name="from" label="From" />
            <DataTableDayFilter list={list} name="to" label="Until" />
          </>
        }
        actions={recordButton}
        exportPath={PRODUCED_RECORDS_EXPORT_PATH}
        empty={{
          title: 'No produced kits recorded yet',
          description: 'Record the kits a plant makes; the steel they use is taken from its stock.',
          action: recordButton,
        }}
      />
      {recording ? <ProducedRecordFormDialog viewer={viewer} onClose={() => setRecording(false)} /> : null}
    </div>
  );
}

function getRecordId(record: ProducedRecord): string {
  return record.id;
}

function recordLabel(record: ProducedRecord): string {
  return `${producedRecordNumberLabel(record.number)}: ${record.quantity} ${record.category.name} at ${record.factory.code}`;
}
