import type { SalesPackage } from '@common/contracts/sales';
import type { DataTableColumn } from '@web/components/data-table/data-table';
import { formatDate } from '@web/lib/format';
import { ActiveBadge } from './sales-badges';

const none = <span className="text-muted-foreground">—</span>;

export const SALES_PACKAGE_COLUMNS: readonly DataTableColumn<SalesPackage>[] = [
  {
    id: 'name',
    header: 'Name',
    sortKey: 'name',
    hideable: false,
    cell: (p) => <span className="font-medium">{p.name}</span>,
  },
  { id: 'code', header: 'Code', sortKey: 'code', cell: (p) => <span className="font-mono">{p.code}</span> },
  {
    id: 'stoveModel',
    header: 'Stove model',
    cell: (p) => (
      <span>
        {p.ckdCategory.name} <span className="text-muted-foreground">({p.ckdCategory.code})</span>
      </span>
    ),
  },
  {
    id: 'stovesPerPackage',
    header: 'Stoves',
    sortKey: 'stovesPerPackage',
    className: 'text-right',
    cell: (p) => <span className="tabular-nums">{p.stovesPerPackage}</span>,
  },
  {
    id: 'extraItems',
    header: 'Extra items',
    className: 'max-w-64 truncate',
    cell: (p) => (p.extraItems ? <span title={p.extraItems}>{p.extraItems}</span> : none),
  },
  {
    id: 'priceCount',
    header: 'Prices',
    className: 'text-right',
    cell: (p) => <span className="tabular-nums">{p.priceCount.toLocaleString('en-US')}</span>,
  },
  { id: 'active', header: 'Status', cell: (p) => <ActiveBadge active={p.active} /> },
  {
    id: 'createdAt',
    header: 'Created',
    sortKey: 'createdAt',
    cell: (p) => <time dateTime={p.createdAt}>{formatDate(p.createdAt)}</time>,
  },
];
