import { formatInventoryQuantity, type InventoryStockRow } from '@common/contracts/inventory';
import type { DataTableColumn } from '@web/components/data-table/data-table';
import { formatDateTime } from '@web/lib/format';
import { cn } from '@web/lib/utils';
import { LowStockBadge } from './inventory-badges';

export const STOCK_COLUMNS: readonly DataTableColumn<InventoryStockRow>[] = [
  {
    id: 'item',
    header: 'Item',
    sortKey: 'item',
    hideable: false,
    cell: (r) => (
      <span className="font-medium">
        {r.item.name}
        {r.item.active ? null : <span className="ml-2 text-xs font-normal text-muted-foreground">(inactive)</span>}
      </span>
    ),
  },
  {
    id: 'category',
    header: 'Category',
    sortKey: 'category',
    className: 'max-w-48 truncate',
    cell: (r) => r.category.name,
  },
  {
    id: 'factory',
    header: 'Factory',
    sortKey: 'factory',
    cell: (r) => <abbr title={r.factory.name}>{r.factory.code}</abbr>,
  },
  {
    id: 'quantity',
    header: 'In stock',
    sortKey: 'quantity',
    hideable: false,
    cell: (r) => (
      <div className="flex flex-wrap items-center gap-2">
        <span className={cn('whitespace-nowrap tabular-nums', r.low && 'font-medium text-amber-900')}>
          {formatInventoryQuantity(r.quantity, r.unit.symbol)}
        </span>
        {r.low ? <LowStockBadge /> : null}
      </div>
    ),
  },
  {
    id: 'reorderLevel',
    header: 'Reorder level',
    cell: (r) => (
      <span className="whitespace-nowrap tabular-nums text-muted-foreground">
        {formatInventoryQuantity(r.reorderLevel, r.unit.symbol)}
      </span>
    ),
  },
  {
    id: 'updatedAt',
    header: 'Last change',
    cell: (r) => (
      <time dateTime={r.updatedAt} className="whitespace-nowrap">
        {formatDateTime(r.updatedAt)}
      </time>
    ),
  },
];
