import { useCallback, useState } from 'react';
import { FileDownIcon, UploadIcon } from 'lucide-react';
import { PARTNER_CSV_COLUMNS, PARTNER_TYPES, type ListPartnersQuery, type Partner } from '@common/contracts/partners';
import { CsvImportDialog } from '@web/components/csv-import/csv-import-dialog';
import { DataTable } from '@web/components/data-table/data-table';
import { ACTIVE_FILTER_VALUES, DataTableActiveFilter } from '@web/components/data-table/data-table-active-filter';
import { DataTableFilterSelect } from '@web/components/data-table/data-table-filter-select';
import type { ListStateConfig } from '@web/components/data-table/list-state.model';
import { useListState } from '@web/components/data-table/use-list-state';
import { FilesDialog, filesRowAction, type FilesOf } from '@web/components/files/files-dialog';
import { NewRecordButton } from '@web/components/master-data/new-record-button';
import { RecordFormSlot } from '@web/components/master-data/record-form-slot';
import { useRecordActions } from '@web/components/master-data/use-record-actions';
import { Button, buttonVariants } from '@web/components/ui/button';
import { PageHeader } from '@web/components/ui/page-header';
import { PARTNERS_EXPORT_PATH, usePartners } from '../api/get-partners';
import { useImportPartners } from '../api/import-partners';
import { PARTNER_COLUMNS } from '../components/partner-columns';
import { PartnerFormDialog } from '../components/partner-form-dialog';
import { PartnerRegionFilter } from '../components/partner-region-filter';
import { PartnerStatusDialog } from '../components/partner-status-dialog';
import { PARTNER_TYPE_OPTIONS } from '../components/partner-type';

const PARTNER_FILTERS = { type: PARTNER_TYPES, active: ACTIVE_FILTER_VALUES, region: null } as const;

const PARTNER_LIST: ListStateConfig<ListPartnersQuery['sort'], typeof PARTNER_FILTERS> = {
  sortable: ['name', 'type', 'region', 'createdAt'],
  defaultSort: 'name',
  filters: PARTNER_FILTERS,
};

const NOUN = { one: 'partner', other: 'partners' };

const CSV_HEADERS = PARTNER_CSV_COLUMNS.map((c) => c.header);
/** The import template: just the header line. */
const TEMPLATE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(`${CSV_HEADERS.join(',')}\r\n`)}`;

/** Partners/Customers (/customers): list, search, filter, create, edit, deactivate, import and export partners. */
export function PartnersPage({ title }: { title: string }) {
  const list = useListState(PARTNER_LIST);
  const result = usePartners(list.apiParams);
  const actions = useRecordActions<Partner>();
  const [filesOf, setFilesOf] = useState<FilesOf | null>(null);
  const { rowActions: recordActions } = actions;
  // Edit, Files (a signed contract…), then Deactivate or Reactivate.
  const rowActions = useCallback(
    (partner: Partner) => {
      const [edit, ...rest] = recordActions(partner);
      const files = filesRowAction(() => setFilesOf({ id: partner.id, name: partnerLabel(partner) }));
      return edit ? [edit, files, ...rest] : [files, ...rest];
    },
    [recordActions],
  );
  const [importing, setImporting] = useState(false);
  const { mutateAsync: importCsv } = useImportPartners();

  const newPartnerButton = <NewRecordButton onClick={actions.openNew}>New partner</NewRecordButton>;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={title} description="Distributors, retailers, institutions, NGOs and individual customers." />
      <DataTable
        id="partners"
        label="Partners"
        noun={NOUN}
        columns={PARTNER_COLUMNS}
        list={list}
        result={result}
        getRowId={getPartnerId}
        rowLabel={partnerLabel}
        rowActions={rowActions}
        searchLabel="Search partners"
        searchPlaceholder="Name, contact, phone, email or region"
        filters={
          <>
            <DataTableFilterSelect list={list} name="type" label="Type" options={PARTNER_TYPE_OPTIONS} />
            <DataTableActiveFilter list={list} />
            <PartnerRegionFilter
              value={list.state.filters.region ?? ''}
              onChange={(region) => list.setFilter('region', region)}
            />
          </>
        }
        actions={
          <>
            <Button size="sm" variant="outline" onClick={() => setImporting(true)}>
              <UploadIcon aria-hidden="true" />
              Import CSV
            </Button>
            {newPartnerButton}
          </>
        }
        exportPath={PARTNERS_EXPORT_PATH}
        empty={{
          title: 'No partners yet',
          description: 'Add the first customer, or import a list from a CSV file.',
          action: newPartnerButton,
        }}
      />
      <RecordFormSlot editing={actions.editing} onClose={actions.closeForm} dialog={PartnerFormDialog} />
      <PartnerStatusDialog change={actions.statusChange} onClose={actions.closeStatusChange} />
      <FilesDialog kind="partner" record={filesOf} onClose={() => setFilesOf(null)} />
      {importing ? (
        <CsvImportDialog
          open
          onOpenChange={setImporting}
          title="Import partners"
          description={
            <>
              The first line holds the column names: {CSV_HEADERS.join(', ')} (and optionally Active: yes or no). Name
              and Type are required; a name must be unique within its region.{' '}
              <a
                href={TEMPLATE_HREF}
                download="partners-template.csv"
                className={buttonVariants({ variant: 'link', size: 'sm', className: 'h-auto px-0' })}
              >
                <FileDownIcon aria-hidden="true" />
                Download template
              </a>
            </>
          }
          preview={(csv) => importCsv({ csv, dryRun: true })}
          run={(csv) => importCsv({ csv, dryRun: false })}
        />
      ) : null}
    </div>
  );
}

function getPartnerId(partner: Partner): string {
  return partner.id;
}

function partnerLabel(partner: Partner): string {
  return partner.region ? `${partner.name} (${partner.region})` : partner.name;
}
