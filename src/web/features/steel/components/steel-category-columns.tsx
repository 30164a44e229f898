import { formatSteelQuantity, type SteelCategory } from '@common/contracts/steel';
import type { DataTableColumn } from '@web/components/data-table/data-table';
import { formatDate } from '@web/lib/format';
import { ActiveBadge, BelowReorderBadge } from './steel-badges';

const none = <span className="text-muted-foreground">—</span>;

export const STEEL_CATEGORY_COLUMNS: readonly DataTableColumn<SteelCategory>[] = [
  {
    id: 'name',
    header: 'Name',
    sortKey: 'name',
    hideable: false,
    cell: (c) => <span className="font-medium">{c.name}</span>,
  },
  { id: 'grade', header: 'Grade / thickness', className: 'max-w-48 truncate', cell: (c) => c.grade ?? none },
  { id: 'unit', header: 'Unit', cell: (c) => (c.unit === 'kg' ? 'kg' : 'Sheets') },
  {
    id: 'totalStock',
    header: 'In stock',
    sortKey: 'totalStock',
    cell: (c) => (
      <div className="flex flex-wrap items-center gap-2">
        <span className="whitespace-nowrap tabular-nums">{formatSteelQuantity(c.totalStock, c.unit)}</span>
        {c.belowReorder ? <BelowReorderBadge label="Low" /> : null}
      </div>
    ),
  },
  {
    id: 'reorderLevel',
    header: 'Reorder level',
    sortKey: 'reorderLevel',
    cell: (c) => <span className="whitespace-nowrap tabular-nums">{formatSteelQuantity(c.reorderLevel, c.unit)}</span>,
  },
  { id: 'active', header: 'Status', cell: (c) => <ActiveBadge active={c.active} /> },
  {
    id: 'createdAt',
    header: 'Created',
    sortKey: 'createdAt',
    cell: (c) => <time dateTime={c.createdAt}>{formatDate(c.createdAt)}</time>,
  },
];
