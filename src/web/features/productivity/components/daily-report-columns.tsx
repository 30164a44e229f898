import type { DailyProductionReport } from '@common/contracts/productivity';
import type { DataTableColumn } from '@web/components/data-table/data-table';
import { formatDateTime } from '@web/lib/format';
import { formatDay, formatFigure } from './productivity-format.model';

const none = <span className="text-muted-foreground">—</span>;
const numeric = 'text-right tabular-nums';

export const DAILY_REPORT_COLUMNS: readonly DataTableColumn<DailyProductionReport>[] = [
  {
    id: 'date',
    header: 'Date',
    sortKey: 'date',
    hideable: false,
    cell: (r) => (
      <time dateTime={r.date} className="font-medium whitespace-nowrap">
        {formatDay(r.date)}
      </time>
    ),
  },
  { id: 'factory', header: 'Factory', cell: (r) => <span className="whitespace-nowrap">{r.factory.name}</span> },
  { id: 'couplersPresent', header: 'Couplers', className: numeric, cell: (r) => formatFigure(r.couplersPresent, 0) },
  { id: 'hoursWorked', header: 'Hours', className: numeric, cell: (r) => formatFigure(r.hoursWorked) },
  { id: 'workerHours', header: 'Worker-hours', className: numeric, cell: (r) => formatFigure(r.workerHours) },
  { id: 'defects', header: 'Defects/rework', className: numeric, cell: (r) => formatFigure(r.defects, 0) },
  { id: 'downtime', header: 'Downtime (min)', className: numeric, cell: (r) => formatFigure(r.downtimeMinutes, 0) },
  { id: 'notes', header: 'Notes', className: 'max-w-64 truncate', cell: (r) => r.notes ?? none },
  {
    id: 'updated',
    header: 'Last changed',
    cell: (r) => (
      <span className="whitespace-nowrap">
        <time dateTime={r.updatedAt}>{formatDateTime(r.updatedAt)}</time>
        {r.updatedBy ? (
          <span className="text-muted-foreground"> by {r.updatedBy.name ?? r.updatedBy.email}</span>
        ) : null}
      </span>
    ),
  },
];
