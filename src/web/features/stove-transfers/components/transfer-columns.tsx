import { transferNumberLabel, type StoveTransfer } from '@common/contracts/stove-ids';
import type { DataTableColumn } from '@web/components/data-table/data-table';
import { formatDateTime } from '@web/lib/format';
import { TransferLink } from './transfer-link';
import { TransferStatusBadge } from './transfer-status-badge';
import { personName, receivedText } from './transfer.model';

const none = <span className="text-muted-foreground">—</span>;

/** The columns of Transfer History; the number opens the transfer under `detailPath`. */
export function transferColumns(detailPath: string): readonly DataTableColumn<StoveTransfer>[] {
  return [
    {
      id: 'number',
      header: 'Transfer',
      sortKey: 'number',
      hideable: false,
      cell: (t) => (
        <TransferLink
          to={`${detailPath}/${t.id}`}
          className="font-medium whitespace-nowrap text-primary underline-offset-4 hover:underline"
        >
          {transferNumberLabel(t.number)}
        </TransferLink>
      ),
    },
    { id: 'status', header: 'Status', cell: (t) => <TransferStatusBadge status={t.status} /> },
    { id: 'from', header: 'From', cell: (t) => t.from.name },
    { id: 'to', header: 'To', cell: (t) => t.to.name },
    {
      id: 'idCount',
      header: 'Stove IDs',
      className: 'text-right tabular-nums',
      cell: (t) => t.idCount.toLocaleString('en-US'),
    },
    { id: 'received', header: 'Received', className: 'whitespace-nowrap', cell: (t) => receivedText(t) },
    {
      id: 'createdAt',
      header: 'Sent',
      sortKey: 'createdAt',
      className: 'whitespace-nowrap',
      cell: (t) => <time dateTime={t.createdAt}>{formatDateTime(t.createdAt)}</time>,
    },
    { id: 'createdBy', header: 'Sent by', cell: (t) => personName(t.createdBy) },
    {
      id: 'decidedAt',
      header: 'Decided',
      className: 'whitespace-nowrap',
      cell: (t) => (t.decidedAt ? <time dateTime={t.decidedAt}>{formatDateTime(t.decidedAt)}</time> : none),
    },
    { id: 'decidedBy', header: 'Decided by', cell: (t) => (t.decidedBy ? personName(t.decidedBy) : none) },
    {
      id: 'reason',
      header: 'Reason',
      className: 'max-w-56 truncate',
      cell: (t) => t.reason ?? none,
    },
  ];
}
