import { producedRecordNumberLabel } from '@common/contracts/ckd';
import { formatSteelQuantity, STEEL_RECORD_KIND_LABELS, type SteelRecord } from '@common/contracts/steel';
import type { DataTableColumn } from '@web/components/data-table/data-table';
import { Badge } from '@web/components/ui/badge';
import { formatDate, formatDateTime } from '@web/lib/format';
import { cn } from '@web/lib/utils';

const none = <span className="text-muted-foreground">—</span>;
const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "+1,250.5 kg" / "−20 kg": what the record did to the stock. */
function stockChange(r: SteelRecord): string {
  const text = formatSteelQuantity(Math.abs(r.delta), r.category.unit);
  return r.delta < 0 ? `−${text}` : `+${text}`;
}

export const STEEL_RECORD_COLUMNS: readonly DataTableColumn<SteelRecord>[] = [
  {
    id: 'date',
    header: 'Date',
    sortKey: 'date',
    hideable: false,
    cell: (r) => (
      <time dateTime={r.date} className="whitespace-nowrap">
        {formatDate(`${r.date}T12:00:00Z`)}
      </time>
    ),
  },
  {
    id: 'factory',
    header: 'Factory',
    cell: (r) => <abbr title={r.factory.name}>{r.factory.code}</abbr>,
  },
  { id: 'category', header: 'Category', className: 'max-w-56 truncate', cell: (r) => r.category.name },
  {
    id: 'kind',
    header: 'Kind',
    cell: (r) => (
      <div className="flex flex-col gap-0.5">
        <Badge variant={r.kind === 'received' ? 'success' : 'secondary'}>{STEEL_RECORD_KIND_LABELS[r.kind]}</Badge>
        {r.producedRecord ? (
          <span className="font-mono text-xs text-muted-foreground">
            {producedRecordNumberLabel(r.producedRecord.number)}
          </span>
        ) : null}
      </div>
    ),
  },
  {
    id: 'quantity',
    header: 'Stock change',
    hideable: false,
    cell: (r) => (
      <span
        className={cn('whitespace-nowrap tabular-nums', r.delta < 0 ? 'text-foreground' : 'text-[oklch(0.38_0.1_150)]')}
      >
        {stockChange(r)}
      </span>
    ),
  },
  { id: 'supplier', header: 'Supplier', className: 'max-w-48 truncate', cell: (r) => r.supplier ?? none },
  {
    id: 'unitCost',
    header: 'Unit cost',
    cell: (r) =>
      r.unitCost === null ? none : <span className="whitespace-nowrap tabular-nums">{money.format(r.unitCost)}</span>,
  },
  { id: 'reference', header: 'Reference', cell: (r) => r.reference ?? none },
  { id: 'note', header: 'Note', className: 'max-w-56 truncate', cell: (r) => r.note ?? none },
  {
    id: 'createdBy',
    header: 'Recorded by',
    cell: (r) =>
      r.createdBy ? (
        <span className="whitespace-nowrap" title={`Recorded ${formatDateTime(r.createdAt)}`}>
          {r.createdBy.name ?? r.createdBy.email}
        </span>
      ) : (
        none
      ),
  },
];
