import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { InboxIcon } from 'lucide-react';
import { transferNumberLabel, type StoveTransfer } from '@common/contracts/stove-ids';
import { ConfirmDialog } from '@web/components/form/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { Loading } from '@web/components/ui/loading';
import { PageHeader } from '@web/components/ui/page-header';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { errorMessage } from '@web/lib/api-client';
import { formatDateTime } from '@web/lib/format';
import { useIsMobile } from '@web/lib/use-is-mobile';
import { useCancelStoveTransfer } from '../api/cancel-stove-transfer';
import { useStoveTransfers } from '../api/get-stove-transfers';
import { personName, stoveIds, type TransferViewer } from '../components/transfer.model';

/** The most pending transfers one list shows (the rest are in Transfer History). */
const LIMIT = 200;
const DETAIL_PATH = '/stove-id/transfer-confirmations';

/**
 * Transfer Confirmations (/stove-id/transfer-confirmations): pending transfers to my factory (all,
 * for global users) to open and confirm or reject, and my factory's outgoing ones to cancel.
 */
export function TransferConfirmationsPage({ title, viewer: me }: { title: string; viewer: TransferViewer }) {
  const isGlobal = me.isGlobal;
  const incoming = useStoveTransfers({
    status: 'pending',
    direction: isGlobal ? undefined : 'incoming',
    sort: 'createdAt',
    dir: 'asc',
    limit: LIMIT,
  });
  const outgoing = useStoveTransfers(
    { status: 'pending', direction: 'outgoing', sort: 'createdAt', dir: 'asc', limit: LIMIT },
    { enabled: !isGlobal },
  );
  const [canceling, setCanceling] = useState<StoveTransfer | null>(null);
  const cancel = useCancelStoveTransfer();

  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        title={title}
        description={
          isGlobal
            ? 'Pending transfers of every factory: open one to confirm all or part of it, or to reject it.'
            : `Pending transfers to ${me.factory?.name ?? 'your factory'}: open one to confirm all or part of it, or to reject it.`
        }
      />
      <PendingList
        heading={isGlobal ? 'Pending transfers' : 'Incoming'}
        result={incoming}
        emptyTitle={isGlobal ? 'No pending transfers' : 'Nothing to confirm'}
        emptyDescription={
          isGlobal ? 'Every transfer has been decided.' : 'No transfer to your factory is waiting for confirmation.'
        }
        onCancel={isGlobal ? setCanceling : undefined}
      />
      {!isGlobal ? (
        <PendingList
          heading="Outgoing"
          result={outgoing}
          emptyTitle="No outgoing transfers pending"
          emptyDescription="Transfers your factory sends wait here until the destination decides."
          onCancel={setCanceling}
        />
      ) : null}
      <ConfirmDialog
        open={canceling !== null}
        onOpenChange={(open) => (open ? undefined : setCanceling(null))}
        title={canceling ? `Cancel ${transferNumberLabel(canceling.number)}?` : ''}
        description={
          canceling ? `The ${stoveIds(canceling.idCount)} return to ${canceling.from.name} in the status they had.` : ''
        }
        confirmLabel="Cancel transfer"
        busyLabel="Canceling..."
        cancelLabel="Keep it"
        errorTitle="The transfer was not canceled"
        onConfirm={async () => {
          if (!canceling) return;
          await cancel.mutateAsync(canceling.id);
          toast.success(`${transferNumberLabel(canceling.number)} canceled`);
        }}
      />
    </div>
  );
}

interface PendingListProps {
  heading: string;
  result: ReturnType<typeof useStoveTransfers>;
  emptyTitle: string;
  emptyDescription: string;
  /** Shows a Cancel button per row. */
  onCancel: ((transfer: StoveTransfer) => void) | undefined;
}

function PendingList({ heading, result, emptyTitle, emptyDescription, onCancel }: PendingListProps) {
  const headingId = `pending-${heading.toLowerCase().replace(/\W+/g, '-')}`;
  const items = result.data?.items ?? [];
  const total = result.data?.total ?? 0;
  // On a phone (a receiver at the gate) each transfer is a card with Open in reach.
  const isMobile = useIsMobile();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold">
        {heading}
        {result.data ? <span className="ml-2 text-sm font-normal text-muted-foreground">({total})</span> : null}
      </h2>
      {result.isPending ? (
        <Loading className="py-6" />
      ) : result.isError ? (
        <div role="alert" className="text-sm text-destructive">
          {errorMessage(result.error)}{' '}
          <Button variant="link" size="sm" className="h-auto px-0" onClick={() => void result.refetch()}>
            Try again
          </Button>
        </div>
      ) : items.length === 0 ? (
        <EmptyState icon={InboxIcon} headingLevel="h3" title={emptyTitle} description={emptyDescription} />
      ) : (
        <>
          {isMobile ? (
            <ul aria-label={heading} className="flex flex-col gap-3">
              {items.map((t) => {
                const number = transferNumberLabel(t.number);
                return (
                  <li key={t.id} className="flex flex-col gap-2 rounded-md border p-3 text-sm">
                    <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                      <Link
                        to={`${DETAIL_PATH}/${t.id}`}
                        className="font-medium text-primary underline-offset-4 hover:underline"
                      >
                        {number}
                      </Link>
                      <span className="tabular-nums">{stoveIds(t.idCount)}</span>
                    </div>
                    <p className="break-words">
                      {t.from.name} to {t.to.name}
                    </p>
                    <p className="text-xs text-muted-foreground">
                      Sent <time dateTime={t.createdAt}>{formatDateTime(t.createdAt)}</time> by{' '}
                      {personName(t.createdBy)}
                    </p>
                    <div className="flex gap-2">
                      <Button asChild size="sm" variant="outline" className="flex-1">
                        <Link to={`${DETAIL_PATH}/${t.id}`} aria-label={`Open ${number}`}>
                          Open
                        </Link>
                      </Button>
                      {onCancel ? (
                        <Button size="sm" variant="ghost" aria-label={`Cancel ${number}`} onClick={() => onCancel(t)}>
                          Cancel
                        </Button>
                      ) : null}
                    </div>
                  </li>
                );
              })}
            </ul>
          ) : (
            <Table containerLabel={heading}>
              <TableHeader>
                <TableRow>
                  <TableHead>Transfer</TableHead>
                  <TableHead>From</TableHead>
                  <TableHead>To</TableHead>
                  <TableHead className="text-right">Stove IDs</TableHead>
                  <TableHead>Sent</TableHead>
                  <TableHead>
                    <span className="sr-only">Actions</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {items.map((t) => {
                  const number = transferNumberLabel(t.number);
                  return (
                    <TableRow key={t.id}>
                      <TableCell>
                        <Link
                          to={`${DETAIL_PATH}/${t.id}`}
                          className="font-medium text-primary underline-offset-4 hover:underline"
                        >
                          {number}
                        </Link>
                      </TableCell>
                      <TableCell>{t.from.name}</TableCell>
                      <TableCell>{t.to.name}</TableCell>
                      <TableCell className="text-right tabular-nums">{t.idCount.toLocaleString('en-US')}</TableCell>
                      <TableCell className="whitespace-nowrap">
                        <time dateTime={t.createdAt}>{formatDateTime(t.createdAt)}</time>
                        <span className="block text-xs text-muted-foreground">{personName(t.createdBy)}</span>
                      </TableCell>
                      <TableCell className="text-right">
                        <div className="flex justify-end gap-2">
                          <Button asChild size="sm" variant="outline">
                            <Link to={`${DETAIL_PATH}/${t.id}`} aria-label={`Open ${number}`}>
                              Open
                            </Link>
                          </Button>
                          {onCancel ? (
                            <Button
                              size="sm"
                              variant="ghost"
                              aria-label={`Cancel ${number}`}
                              onClick={() => onCancel(t)}
                            >
                              Cancel
                            </Button>
                          ) : null}
                        </div>
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          )}
          {total > items.length ? (
            <p className="text-sm text-muted-foreground">
              Showing the oldest {items.length} of {total}.{' '}
              <Link
                to="/stove-id/transfer-history?status=pending"
                className="text-primary underline-offset-4 hover:underline"
              >
                See all in Transfer History
              </Link>
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
