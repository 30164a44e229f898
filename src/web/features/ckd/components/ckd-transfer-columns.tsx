import { Link } from 'react-router';
import { PrinterIcon } from 'lucide-react';
import { ckdTransferNumberLabel, type CkdTransfer } from '@common/contracts/ckd';
import type { DataTableColumn } from '@web/components/data-table/data-table';
import { buttonVariants } from '@web/components/ui/button';
import { formatDate, formatDateTime } from '@web/lib/format';
import { kitDispatchNotePath } from './ckd.model';

const none = <span className="text-muted-foreground">—</span>;

export const CKD_TRANSFER_COLUMNS: readonly DataTableColumn<CkdTransfer>[] = [
  {
    id: 'number',
    header: 'Transfer',
    sortKey: 'number',
    hideable: false,
    cell: (t) => <span className="font-medium whitespace-nowrap">{ckdTransferNumberLabel(t.number)}</span>,
  },
  {
    id: 'date',
    header: 'Date',
    sortKey: 'date',
    cell: (t) => <time dateTime={t.date}>{formatDate(`${t.date}T00:00:00`)}</time>,
  },
  { id: 'from', header: 'From', cell: (t) => `${t.from.name} (${t.from.code})` },
  { id: 'to', header: 'To', cell: (t) => `${t.to.name} (${t.to.code})` },
  {
    id: 'category',
    header: 'CKD categories',
    cell: (t) => (
      <ul className="flex flex-col gap-0.5">
        {t.lines.map((l) => (
          <li key={l.category.id} className="whitespace-nowrap">
            {l.category.name} <span className="text-muted-foreground">({l.category.code})</span> ×{' '}
            <span className="tabular-nums">{l.quantity.toLocaleString('en-US')}</span>
          </li>
        ))}
      </ul>
    ),
  },
  {
    id: 'quantity',
    header: 'Kits',
    className: 'text-right tabular-nums',
    cell: (t) => t.quantity.toLocaleString('en-US'),
  },
  { id: 'note', header: 'Note', className: 'max-w-56 truncate', cell: (t) => t.note ?? none },
  { id: 'createdBy', header: 'Sent by', cell: (t) => (t.createdBy ? (t.createdBy.name ?? t.createdBy.email) : none) },
  {
    id: 'createdAt',
    header: 'Sent at',
    className: 'whitespace-nowrap',
    cell: (t) => <time dateTime={t.createdAt}>{formatDateTime(t.createdAt)}</time>,
  },
  {
    id: 'dispatchNote',
    header: 'Dispatch note',
    cell: (t) => (
      <Link
        to={kitDispatchNotePath(t.number)}
        className={buttonVariants({ variant: 'outline', size: 'sm' })}
        aria-label={`Print the dispatch note of ${ckdTransferNumberLabel(t.number)}`}
      >
        <PrinterIcon aria-hidden="true" />
        Print
      </Link>
    ),
  },
];
