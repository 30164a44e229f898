import type { SalesPrice } from '@common/contracts/sales';
import type { DataTableColumn } from '@web/components/data-table/data-table';
import { formatDateTime } from '@web/lib/format';
import { priceLabel } from './price-grid.model';
import { PricePeriod } from './price-period';
import { PriceStateBadge } from './sales-badges';

const none = <span className="text-muted-foreground">—</span>;

export const PRICE_HISTORY_COLUMNS: readonly DataTableColumn<SalesPrice>[] = [
  {
    id: 'effectiveFrom',
    header: 'Effective',
    sortKey: 'effectiveFrom',
    hideable: false,
    cell: (p) => <PricePeriod price={p} />,
  },
  {
    id: 'package',
    header: 'Package',
    cell: (p) => (
      <span>
        {p.package.name} <span className="text-muted-foreground">({p.package.code})</span>
      </span>
    ),
  },
  { id: 'category', header: 'Category', cell: (p) => p.category.name },
  {
    id: 'unitPrice',
    header: 'Unit price',
    className: 'text-right',
    cell: (p) => <span className="font-medium tabular-nums">{priceLabel(p)}</span>,
  },
  { id: 'state', header: 'State', cell: (p) => <PriceStateBadge state={p.state} /> },
  {
    id: 'note',
    header: 'Note',
    className: 'max-w-56 truncate',
    cell: (p) => (p.note ? <span title={p.note}>{p.note}</span> : none),
  },
  {
    id: 'createdAt',
    header: 'Set',
    sortKey: 'createdAt',
    cell: (p) => (
      <span className="flex flex-col">
        <time dateTime={p.createdAt}>{formatDateTime(p.createdAt)}</time>
        {p.createdBy ? (
          <span className="text-xs text-muted-foreground">{p.createdBy.name ?? p.createdBy.email}</span>
        ) : null}
      </span>
    ),
  },
];
