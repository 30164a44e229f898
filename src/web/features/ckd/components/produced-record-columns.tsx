import { producedRecordNumberLabel, type ProducedRecord } from '@common/contracts/ckd';
import { formatSteelQuantity } from '@common/contracts/steel';
import type { DataTableColumn } from '@web/components/data-table/data-table';
import { formatDate, formatDateTime } from '@web/lib/format';

const none = <span className="text-muted-foreground">—</span>;

export const PRODUCED_RECORD_COLUMNS: readonly DataTableColumn<ProducedRecord>[] = [
  {
    id: 'number',
    header: 'Record',
    sortKey: 'number',
    hideable: false,
    cell: (r) => <span className="font-medium whitespace-nowrap">{producedRecordNumberLabel(r.number)}</span>,
  },
  {
    id: 'date',
    header: 'Date',
    sortKey: 'date',
    cell: (r) => <time dateTime={r.date}>{formatDate(`${r.date}T00:00:00`)}</time>,
  },
  { id: 'factory', header: 'Plant', cell: (r) => `${r.factory.name} (${r.factory.code})` },
  {
    id: 'category',
    header: 'CKD category',
    cell: (r) => (
      <span>
        {r.category.name} <span className="text-muted-foreground">({r.category.code})</span>
      </span>
    ),
  },
  {
    id: 'quantity',
    header: 'Kits',
    className: 'text-right tabular-nums',
    cell: (r) => r.quantity.toLocaleString('en-US'),
  },
  {
    id: 'steelUsed',
    header: 'Steel used',
    className: 'min-w-48 whitespace-normal',
    cell: (r) =>
      r.steelUsed.length === 0 ? (
        none
      ) : (
        <ul className="flex flex-col gap-0.5">
          {r.steelUsed.map((s) => (
            <li key={s.steelCategoryId}>
              {s.name}: <span className="tabular-nums">{formatSteelQuantity(s.quantity, s.unit)}</span>
            </li>
          ))}
        </ul>
      ),
  },
  { id: 'note', header: 'Note', className: 'max-w-56 truncate', cell: (r) => r.note ?? none },
  {
    id: 'createdBy',
    header: 'Recorded by',
    cell: (r) => (r.createdBy ? (r.createdBy.name ?? r.createdBy.email) : none),
  },
  {
    id: 'createdAt',
    header: 'Recorded at',
    className: 'whitespace-nowrap',
    cell: (r) => <time dateTime={r.createdAt}>{formatDateTime(r.createdAt)}</time>,
  },
];
