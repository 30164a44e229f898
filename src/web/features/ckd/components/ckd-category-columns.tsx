import type { CkdCategory } from '@common/contracts/ckd';
import { formatSteelQuantity } from '@common/contracts/steel';
import type { DataTableColumn } from '@web/components/data-table/data-table';
import { Badge } from '@web/components/ui/badge';
import { formatDate } from '@web/lib/format';

const none = <span className="text-muted-foreground">—</span>;

export const CKD_CATEGORY_COLUMNS: readonly DataTableColumn<CkdCategory>[] = [
  {
    id: 'name',
    header: 'Name',
    sortKey: 'name',
    hideable: false,
    cell: (c) => <span className="font-medium">{c.name}</span>,
  },
  { id: 'code', header: 'Code', sortKey: 'code', cell: (c) => <span className="font-mono">{c.code}</span> },
  { id: 'stoveModel', header: 'Stove model', sortKey: 'stoveModel', cell: (c) => c.stoveModel },
  {
    id: 'steelUsage',
    header: 'Steel per kit',
    className: 'min-w-56 whitespace-normal',
    cell: (c) =>
      c.steelUsage.length === 0 ? (
        <span className="text-muted-foreground">No steel</span>
      ) : (
        <ul className="flex flex-col gap-0.5">
          {c.steelUsage.map((u) => (
            <li key={u.steelCategoryId}>
              {u.steelCategoryName}:{' '}
              <span className="tabular-nums">{formatSteelQuantity(u.quantityPerKit, u.unit)}</span>
            </li>
          ))}
        </ul>
      ),
  },
  {
    id: 'description',
    header: 'Description',
    className: 'max-w-64 truncate',
    cell: (c) => c.description ?? none,
  },
  {
    id: 'active',
    header: 'Status',
    cell: (c) => (c.active ? <Badge variant="success">Active</Badge> : <Badge variant="secondary">Inactive</Badge>),
  },
  {
    id: 'createdAt',
    header: 'Created',
    sortKey: 'createdAt',
    cell: (c) => <time dateTime={c.createdAt}>{formatDate(c.createdAt)}</time>,
  },
];
