import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { DownloadIcon } from 'lucide-react';
import type { AuditEntry } from '@common/contracts/audit';
import { DataTableDayFilter } from '@web/components/data-table/data-table-day-filter';
import { DataTable, type DataTableColumn } from '@web/components/data-table/data-table';
import { DataTableFilterSelect } from '@web/components/data-table/data-table-filter-select';
import { useListState } from '@web/components/data-table/use-list-state';
import { Button, buttonVariants } from '@web/components/ui/button';
import { formatDateTime } from '@web/lib/format';
import { useAuditActors } from '../api/get-audit-actors';
import { useAuditFacets } from '../api/get-audit-facets';
import { auditExportHref, useAuditLog } from '../api/get-audit-log';
import { AuditChangesDialog } from './audit-changes-dialog';
import { AUDIT_LIST } from './audit-filters.model';
import { actorLabel, humanize, recordTypeLabel } from './audit-labels.model';

const NOUN = { one: 'entry', other: 'entries' };

/**
 * The audit log (Admin): who did what to which record, filtered by user, record type, action and
 * date, newest first; before and after of each entry side by side; CSV export of the filtered log.
 */
export function AuditLogPanel() {
  const list = useListState(AUDIT_LIST);
  const result = useAuditLog(list.apiParams);
  const { data: facets } = useAuditFacets();
  const { data: actors } = useAuditActors();
  const [viewing, setViewing] = useState<AuditEntry | null>(null);
  const closeViewing = useCallback(() => setViewing(null), []);

  const columns = useMemo<DataTableColumn<AuditEntry>[]>(
    () => [
      {
        id: 'at',
        header: 'Time',
        sortKey: 'at',
        hideable: false,
        className: 'whitespace-nowrap',
        cell: (e) => <time dateTime={e.at}>{formatDateTime(e.at)}</time>,
      },
      { id: 'user', header: 'User', cell: (e) => actorLabel(e.actor) },
      { id: 'action', header: 'Action', hideable: false, cell: (e) => humanize(e.action) },
      { id: 'recordType', header: 'Record type', cell: (e) => recordTypeLabel(e.recordType) },
      {
        id: 'record',
        header: 'Record',
        className: 'max-w-56',
        cell: (e) =>
          !e.record ? (
            <span className="text-muted-foreground">—</span>
          ) : e.record.path ? (
            <Link to={e.record.path} className="block truncate underline underline-offset-4">
              {e.record.label}
            </Link>
          ) : (
            <span className="block truncate">{e.record.label}</span>
          ),
      },
      { id: 'ipAddress', header: 'IP address', cell: (e) => e.ipAddress ?? '' },
      {
        id: 'changes',
        header: 'Changes',
        hideable: false,
        cell: (e) =>
          e.before === null && e.after === null ? (
            <span className="text-muted-foreground">None</span>
          ) : (
            <Button
              variant="outline"
              size="sm"
              aria-label={`View changes: ${humanize(e.action)} of ${humanize(e.recordType)}${e.record ? ` ${e.record.label}` : ''} at ${formatDateTime(e.at)}`}
              onClick={() => setViewing(e)}
            >
              View
            </Button>
          ),
      },
    ],
    [],
  );

  const actorOptions = useMemo(() => (actors ?? []).map((a) => ({ value: a.id, label: actorLabel(a) })), [actors]);
  const recordTypeOptions = useMemo(
    () => (facets?.recordTypes ?? []).map((v) => ({ value: v, label: recordTypeLabel(v) })),
    [facets],
  );
  const actionOptions = useMemo(() => (facets?.actions ?? []).map((v) => ({ value: v, label: humanize(v) })), [facets]);

  const exportHref = auditExportHref(list.apiParams);

  return (
    <div className="flex flex-col gap-4" data-testid="audit-log-panel">
      <DataTable
        id="audit-log"
        label="Audit log"
        noun={NOUN}
        columns={columns}
        list={list}
        result={result}
        getRowId={getEntryId}
        rowLabel={entryLabel}
        searchLabel="Record id"
        searchPlaceholder="Search by record id"
        filters={
          <>
            <DataTableFilterSelect
              list={list}
              name="actorId"
              label="User"
              options={actorOptions}
              allLabel="All users"
            />
            <DataTableFilterSelect
              list={list}
              name="recordType"
              label="Record type"
              options={recordTypeOptions}
              allLabel="All record types"
            />
            <DataTableFilterSelect
              list={list}
              name="action"
              label="Action"
              options={actionOptions}
              allLabel="All actions"
            />
            <DataTableDayFilter list={list} name="from" label="From" />
            <DataTableDayFilter list={list} name="to" label="To" />
          </>
        }
        actions={
          <a href={exportHref} download className={buttonVariants({ variant: 'outline', size: 'sm' })}>
            <DownloadIcon aria-hidden="true" />
            Export CSV
          </a>
        }
        empty={{ title: 'The audit log is empty', description: 'Changes and sign-ins appear here as they happen.' }}
      />
      <AuditChangesDialog entry={viewing} onClose={closeViewing} />
    </div>
  );
}

function getEntryId(entry: AuditEntry): string {
  return entry.id;
}

function entryLabel(entry: AuditEntry): string {
  return `${humanize(entry.action)} of ${humanize(entry.recordType)} ${entry.record?.label ?? ''}`.trim();
}
