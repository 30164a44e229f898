import { dayLabel } from '@common/calendar-days';
import { Link } from 'react-router';
import { stoveReportNumberLabel, type StoveReport } from '@common/contracts/production';
import type { DataTableColumn } from '@web/components/data-table/data-table';
import { formatDateTime } from '@web/lib/format';
import { StoveReportStatusBadge } from './stove-report-status-badge';
import type { BackLink } from '@web/components/document/document.model';
import { personName } from './stove-report.model';

/** Where a report opens. */
export const STOVE_REPORT_DETAIL_PATH = '/production/stove-reports';

const none = <span className="text-muted-foreground">—</span>;

/** The columns of the Production Overview's report table; the number opens the report (Back returns to `back`). */
export function stoveReportColumns(back: BackLink): readonly DataTableColumn<StoveReport>[] {
  return [
    {
      id: 'number',
      header: 'Report',
      sortKey: 'number',
      hideable: false,
      cell: (r) => (
        <Link
          to={`${STOVE_REPORT_DETAIL_PATH}/${r.id}`}
          state={{ back }}
          className="font-medium whitespace-nowrap text-primary underline underline-offset-4"
        >
          {stoveReportNumberLabel(r.number)}
        </Link>
      ),
    },
    {
      id: 'date',
      header: 'Date',
      sortKey: 'date',
      className: 'whitespace-nowrap',
      cell: (r) => <time dateTime={r.date}>{dayLabel(r.date)}</time>,
    },
    { id: 'status', header: 'Status', cell: (r) => <StoveReportStatusBadge status={r.status} /> },
    { id: 'factory', header: 'Factory', cell: (r) => r.factory.name },
    { id: 'model', header: 'Stove model', cell: (r) => r.category.stoveModel },
    {
      id: 'stoveCount',
      header: 'Stoves',
      className: 'text-right tabular-nums',
      cell: (r) => r.stoveCount.toLocaleString('en-US'),
    },
    { id: 'coupler', header: 'Coupler', cell: (r) => personName(r.createdBy) },
    {
      id: 'createdAt',
      header: 'Submitted',
      className: 'whitespace-nowrap',
      cell: (r) => <time dateTime={r.createdAt}>{formatDateTime(r.createdAt)}</time>,
    },
    { id: 'voidReason', header: 'Void reason', className: 'max-w-56 truncate', cell: (r) => r.voidReason ?? none },
  ];
}
