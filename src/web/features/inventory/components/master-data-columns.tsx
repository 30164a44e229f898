import {
  formatInventoryQuantity,
  type InventoryCategory,
  type InventoryItem,
  type InventoryUnit,
} from '@common/contracts/inventory';
import type { DataTableColumn } from '@web/components/data-table/data-table';
import { formatDate } from '@web/lib/format';
import { ActiveBadge, LowStockBadge } from './inventory-badges';
import { decimalsLabel } from './master-data-form.model';

const none = <span className="text-muted-foreground">—</span>;

function itemCountCell(count: number) {
  return <span className="tabular-nums">{count.toLocaleString('en-US')}</span>;
}

function createdCell(createdAt: string) {
  return <time dateTime={createdAt}>{formatDate(createdAt)}</time>;
}

export const CATEGORY_COLUMNS: readonly DataTableColumn<InventoryCategory>[] = [
  {
    id: 'name',
    header: 'Name',
    sortKey: 'name',
    hideable: false,
    cell: (c) => <span className="font-medium">{c.name}</span>,
  },
  { id: 'description', header: 'Description', className: 'max-w-72 truncate', cell: (c) => c.description ?? none },
  { id: 'itemCount', header: 'Items', sortKey: 'itemCount', cell: (c) => itemCountCell(c.itemCount) },
  { id: 'active', header: 'Status', cell: (c) => <ActiveBadge active={c.active} /> },
  { id: 'createdAt', header: 'Created', sortKey: 'createdAt', cell: (c) => createdCell(c.createdAt) },
];

export const UNIT_COLUMNS: readonly DataTableColumn<InventoryUnit>[] = [
  {
    id: 'name',
    header: 'Name',
    sortKey: 'name',
    hideable: false,
    cell: (u) => <span className="font-medium">{u.name}</span>,
  },
  { id: 'symbol', header: 'Symbol', sortKey: 'symbol', cell: (u) => <span className="font-mono">{u.symbol}</span> },
  { id: 'decimals', header: 'Quantities', cell: (u) => decimalsLabel(u.decimals) },
  { id: 'itemCount', header: 'Items', sortKey: 'itemCount', cell: (u) => itemCountCell(u.itemCount) },
  { id: 'active', header: 'Status', cell: (u) => <ActiveBadge active={u.active} /> },
  { id: 'createdAt', header: 'Created', sortKey: 'createdAt', cell: (u) => createdCell(u.createdAt) },
];

export const ITEM_COLUMNS: readonly DataTableColumn<InventoryItem>[] = [
  {
    id: 'name',
    header: 'Name',
    sortKey: 'name',
    hideable: false,
    cell: (i) => <span className="font-medium">{i.name}</span>,
  },
  {
    id: 'category',
    header: 'Category',
    sortKey: 'category',
    className: 'max-w-48 truncate',
    cell: (i) => i.category.name,
  },
  { id: 'unit', header: 'Unit', cell: (i) => `${i.unit.name} (${i.unit.symbol})` },
  {
    id: 'reorderLevel',
    header: 'Reorder level',
    sortKey: 'reorderLevel',
    cell: (i) => (
      <span className="whitespace-nowrap tabular-nums">{formatInventoryQuantity(i.reorderLevel, i.unit.symbol)}</span>
    ),
  },
  {
    id: 'totalStock',
    header: 'In stock',
    sortKey: 'totalStock',
    cell: (i) => (
      <div className="flex flex-wrap items-center gap-2">
        <span className="whitespace-nowrap tabular-nums">{formatInventoryQuantity(i.totalStock, i.unit.symbol)}</span>
        {i.lowStock ? <LowStockBadge /> : null}
      </div>
    ),
  },
  { id: 'description', header: 'Description', className: 'max-w-56 truncate', cell: (i) => i.description ?? none },
  { id: 'active', header: 'Status', cell: (i) => <ActiveBadge active={i.active} /> },
  { id: 'createdAt', header: 'Created', sortKey: 'createdAt', cell: (i) => createdCell(i.createdAt) },
];
