import { useId, useMemo, useState } from 'react';
import { z } from 'zod';
import { FileDownIcon, UploadIcon, UserPlusIcon } from 'lucide-react';
import {
  END_USER_CSV_COLUMNS,
  END_USER_STATUS_LABELS,
  END_USER_STATUSES,
  type EndUser,
  type ListEndUsersQuery,
} from '@common/contracts/carbon';
import { CsvImportDialog } from '@web/components/csv-import/csv-import-dialog';
import { DraftNotice } from '@web/components/form/draft-notice';
import { DataTable } from '@web/components/data-table/data-table';
import { DataTableFactoryFilter } from '@web/components/data-table/data-table-factory-filter';
import { DataTableFilterSelect } from '@web/components/data-table/data-table-filter-select';
import type { ListStateConfig } from '@web/components/data-table/list-state.model';
import { useListState } from '@web/components/data-table/use-list-state';
import { Button, buttonVariants } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { NativeSelect } from '@web/components/ui/native-select';
import { PageHeader } from '@web/components/ui/page-header';
import { errorMessage } from '@web/lib/api-client';
import { useDraft } from '@web/lib/use-draft';
import { useUrlSearchParams } from '@web/lib/use-url-search-params';
import { useCarbonPartners } from '../api/get-carbon-partners';
import { END_USERS_EXPORT_PATH, END_USERS_TEMPLATE_PATH, useEndUsers } from '../api/get-end-users';
import { useImportEndUsers } from '../api/import-end-users';
import { endUserColumns } from '../components/end-user-columns';
import { RegisterEndUserDialog } from '../components/register-end-user-dialog';

const FILTERS = { status: END_USER_STATUSES, partnerId: null, factoryId: null } as const;

const LIST: ListStateConfig<ListEndUsersQuery['sort'], typeof FILTERS> = {
  sortable: ['handoverDate', 'code', 'name', 'saleDate'],
  defaultSort: 'handoverDate',
  defaultDir: 'desc',
  filters: FILTERS,
};

const NOUN = { one: 'end user', other: 'end users' };
const STATUS_OPTIONS = END_USER_STATUSES.map((value) => ({ value, label: END_USER_STATUS_LABELS[value] }));
const CSV_HEADERS = END_USER_CSV_COLUMNS.map((c) => c.header);

interface EndUsersViewer {
  user: { id: string };
  isGlobal: boolean;
  factory: { name: string } | null;
  permissions: readonly string[];
}

/**
 * Carbon Programme: End Users (/carbon/end-users): who each sold stove was handed over to. Direct
 * sales register their buyer; a distributor's or retailer's stoves are registered here by CSV
 * import (checked row by row, all or nothing) or one at a time.
 */
export function EndUsersPage({ title, viewer }: { title: string; viewer: EndUsersViewer }) {
  const list = useListState(LIST);
  const result = useEndUsers(list.apiParams);
  const partners = useCarbonPartners();
  const [importing, setImporting] = useState(false);
  // The Sales Record's "Register end user" opens the form for its stove (?register=CODE).
  const [searchParams, updateSearchParams] = useUrlSearchParams();
  const linkedCode = searchParams.get('register')?.trim() ?? '';
  const [registering, setRegistering] = useState(linkedCode !== '');
  const columns = useMemo(
    () => endUserColumns(viewer.permissions.includes('stove-id-management')),
    [viewer.permissions],
  );
  const partnerOptions = useMemo(
    () => (partners.data ?? []).map((p) => ({ value: p.id, label: p.active ? p.name : `${p.name} (inactive)` })),
    [partners.data],
  );

  const importButton = (
    <Button size="sm" variant="outline" onClick={() => setImporting(true)}>
      <UploadIcon aria-hidden="true" />
      Import CSV
    </Button>
  );

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={title}
        description={`The household or institution each sold stove was handed over to${
          viewer.isGlobal ? '' : ` (stoves of ${viewer.factory?.name ?? 'your factory'})`
        }. Direct sales register their buyer; register a distributor's or retailer's stoves by CSV.`}
      />
      <DataTable
        id="end-users"
        label="End users"
        noun={NOUN}
        columns={columns}
        list={list}
        result={result}
        getRowId={getId}
        rowLabel={rowLabel}
        searchLabel="Search end users"
        searchPlaceholder="Stove ID, name, phone or place"
        filters={
          <>
            {viewer.isGlobal ? <DataTableFactoryFilter list={list} /> : null}
            <DataTableFilterSelect list={list} name="partnerId" label="Partner" options={partnerOptions} />
            <DataTableFilterSelect list={list} name="status" label="Status" options={STATUS_OPTIONS} />
          </>
        }
        actions={
          <>
            {importButton}
            <Button size="sm" onClick={() => setRegistering(true)}>
              <UserPlusIcon aria-hidden="true" />
              Register end user
            </Button>
          </>
        }
        exportPath={END_USERS_EXPORT_PATH}
        empty={{
          title: 'No end users yet',
          description: 'Direct sales register their buyer. Import a CSV for the stoves sold through a partner.',
          action: importButton,
        }}
      />
      {registering ? (
        <RegisterEndUserDialog
          userId={viewer.user.id}
          code={linkedCode}
          onClose={() => {
            setRegistering(false);
            if (linkedCode)
              updateSearchParams(
                (latest) => {
                  const next = new URLSearchParams(latest);
                  next.delete('register');
                  return next;
                },
                { replace: true },
              );
          }}
        />
      ) : null}
      {importing ? (
        <ImportEndUsersDialog
          partners={partnerOptions}
          partnersError={partners.isError ? errorMessage(partners.error) : null}
          userId={viewer.user.id}
          onClose={() => setImporting(false)}
        />
      ) : null}
    </div>
  );
}

/** What the import's draft keeps: the partner chosen and the text pasted (a chosen file is not typed). */
interface ImportDraft {
  partnerId: string;
  csv: string;
}
const importDraftSchema: z.ZodType<ImportDraft> = z.object({ partnerId: z.string(), csv: z.string() });

function describeImportDraft(value: ImportDraft): string {
  const rows = value.csv.split(/\r?\n/).filter((line) => line.trim()).length;
  return rows > 1 ? `${rows - 1} pasted ${rows === 2 ? 'row' : 'rows'}` : 'an end user import';
}

/**
 * Import end users: the partner and the pasted text are kept as a draft (a reload or a sign-out
 * loses nothing; reopening the dialog puts them back) until the import succeeds or is discarded.
 */
function ImportEndUsersDialog({
  partners,
  partnersError,
  userId,
  onClose,
}: {
  partners: readonly { value: string; label: string }[];
  partnersError: string | null;
  userId: string;
  onClose: () => void;
}) {
  const partnerId = useId();
  const [partner, setPartner] = useState('');
  const [pasted, setPasted] = useState('');
  const draft = useDraft<ImportDraft>({
    screen: 'carbon-import-end-users',
    userId,
    value: { partnerId: partner, csv: pasted },
    isEmpty: (value) => !value.partnerId && !value.csv.trim(),
    schema: importDraftSchema,
    restore: (value) => {
      setPartner(value.partnerId);
      setPasted(value.csv);
    },
    reset: () => {
      setPartner('');
      setPasted('');
    },
  });
  const { mutateAsync: importCsv } = useImportEndUsers();
  const needPartner = () => {
    if (!partner) throw new Error('Choose the partner the stoves were sold to.');
    return partner;
  };
  return (
    <CsvImportDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Import end users"
      allOrNothing
      description={
        <>
          One row per stove: {CSV_HEADERS.join(', ')}. Stove ID, Name and Handover date are required; Type is household
          or institution. Every row is checked against the stove ID registry; nothing is imported while a row has an
          error.{' '}
          <a
            href={END_USERS_TEMPLATE_PATH}
            download="end-users-template.csv"
            className={buttonVariants({ variant: 'link', size: 'sm', className: 'h-auto px-0' })}
          >
            <FileDownIcon aria-hidden="true" />
            Download template
          </a>
        </>
      }
      pasted={{ text: pasted, onChange: setPasted }}
      onImported={draft.clear}
      fields={
        <div className="flex flex-col gap-2">
          <DraftNotice draft={draft} describe={describeImportDraft} />
          <Label htmlFor={partnerId}>Sold to (distributor or retailer)</Label>
          <NativeSelect id={partnerId} value={partner} onChange={(event) => setPartner(event.target.value)}>
            <option value="">Choose the partner</option>
            {partners.map((p) => (
              <option key={p.value} value={p.value}>
                {p.label}
              </option>
            ))}
          </NativeSelect>
          {partnersError ? (
            <p role="alert" className="text-sm text-destructive">
              The partners could not be loaded: {partnersError}
            </p>
          ) : null}
        </div>
      }
      preview={(csv) => importCsv({ csv, dryRun: true, partnerId: needPartner() })}
      run={(csv) => importCsv({ csv, dryRun: false, partnerId: needPartner() })}
    />
  );
}

function getId(u: EndUser): string {
  return u.id;
}

function rowLabel(u: EndUser): string {
  return `${u.code}: ${u.name}`;
}
