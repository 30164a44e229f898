import type { SalesCategory } from '@common/contracts/sales';
import type { DataTableColumn } from '@web/components/data-table/data-table';
import { formatDate } from '@web/lib/format';
import { ActiveBadge } from './sales-badges';

const none = <span className="text-muted-foreground">—</span>;

export const SALES_CATEGORY_COLUMNS: readonly DataTableColumn<SalesCategory>[] = [
  {
    id: 'name',
    header: 'Name',
    sortKey: 'name',
    hideable: false,
    cell: (c) => <span className="font-medium">{c.name}</span>,
  },
  { id: 'code', header: 'Code', sortKey: 'code', cell: (c) => <span className="font-mono">{c.code}</span> },
  {
    id: 'description',
    header: 'Description',
    className: 'max-w-72 truncate',
    cell: (c) => (c.description ? <span title={c.description}>{c.description}</span> : none),
  },
  {
    id: 'priceCount',
    header: 'Prices',
    className: 'text-right',
    cell: (c) => <span className="tabular-nums">{c.priceCount.toLocaleString('en-US')}</span>,
  },
  { id: 'active', header: 'Status', cell: (c) => <ActiveBadge active={c.active} /> },
  {
    id: 'createdAt',
    header: 'Created',
    sortKey: 'createdAt',
    cell: (c) => <time dateTime={c.createdAt}>{formatDate(c.createdAt)}</time>,
  },
];
