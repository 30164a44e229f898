import type { ReactNode } from 'react';
import { dayLabel } from '@common/calendar-days';
import { type InventoryEntrySummary } from '@common/contracts/inventory';
import type { DataTableColumn } from '@web/components/data-table/data-table';
import { formatDateTime } from '@web/lib/format';
import { personName } from './inventory-labels';

const none = <span className="text-muted-foreground">—</span>;

function factoryCell(factory: { code: string; name: string } | null) {
  return factory ? <abbr title={factory.name}>{factory.code}</abbr> : none;
}

/** The Transfer History columns; `number` renders the entry number as a way to open it. */
export function transferColumns(
  number: (entry: InventoryEntrySummary) => ReactNode,
): DataTableColumn<InventoryEntrySummary>[] {
  return [
    { id: 'number', header: 'Transfer', sortKey: 'number', hideable: false, cell: number },
    {
      id: 'date',
      header: 'Date',
      sortKey: 'date',
      cell: (e) => (
        <time dateTime={e.date} className="whitespace-nowrap">
          {dayLabel(e.date)}
        </time>
      ),
    },
    { id: 'from', header: 'From', cell: (e) => factoryCell(e.factory) },
    { id: 'to', header: 'To', cell: (e) => factoryCell(e.toFactory) },
    { id: 'summary', header: 'Items', className: 'min-w-56 max-w-96 whitespace-normal', cell: (e) => e.summary },
    { id: 'lineCount', header: 'Lines', cell: (e) => <span className="tabular-nums">{e.lineCount}</span> },
    { id: 'reference', header: 'Reference', cell: (e) => e.reference ?? none },
    { id: 'note', header: 'Note', className: 'max-w-56 truncate', cell: (e) => e.note ?? none },
    {
      id: 'createdBy',
      header: 'Recorded by',
      cell: (e) => (
        <span className="whitespace-nowrap" title={`Recorded ${formatDateTime(e.createdAt)}`}>
          {personName(e.createdBy)}
        </span>
      ),
    },
  ];
}
