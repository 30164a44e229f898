import { useId, useMemo, useState, type ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { toast } from 'sonner';
import { ArrowLeftIcon, CheckIcon, ListChecksIcon, Undo2Icon, XIcon } from 'lucide-react';
import {
  STOVE_ID_STATUS_LABELS,
  transferNumberLabel,
  type StoveTransferDetail,
  type StoveTransferItemOutcome,
} from '@common/contracts/stove-ids';
import { ConfirmDialog } from '@web/components/form/confirm-dialog';
import { ReasonDialog } from '@web/components/form/reason-dialog';
import { Button, buttonVariants } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Checkbox } from '@web/components/ui/checkbox';
import { Input } from '@web/components/ui/input';
import { Loading } from '@web/components/ui/loading';
import { PageHeader } from '@web/components/ui/page-header';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { OpenError } from '@web/components/ui/open-error';
import { formatDateTime } from '@web/lib/format';
import { useCancelStoveTransfer } from '../api/cancel-stove-transfer';
import { useConfirmStoveTransfer } from '../api/confirm-stove-transfer';
import { useStoveTransfer } from '../api/get-stove-transfer';
import { useRejectStoveTransfer } from '../api/reject-stove-transfer';
import { TransferStatusBadge } from '../components/transfer-status-badge';
import {
  backToOf,
  filterCodes,
  partialSummary,
  personName,
  receivedText,
  stoveIds,
} from '../components/transfer.model';

const PAGE = 200;

const OUTCOME_LABELS: Record<StoveTransferItemOutcome, string> = {
  pending: 'In transit',
  received: 'Received',
  returned: 'Returned to sender',
};

type Action = 'confirm-all' | 'confirm-part' | 'cancel' | 'reject' | null;

/** One transfer (/stove-id/transfer-confirmations/:id, /stove-id/transfer-history/:id): its IDs, outcome and actions. */
export function StoveTransferDetailPage({ back }: { back: { to: string; title: string } }) {
  const { id = '' } = useParams();
  const transfer = useStoveTransfer(id);
  const backTo = backToOf(useLocation().state, back.to);

  return (
    <div className="flex flex-col gap-6">
      <Link to={backTo} className={buttonVariants({ variant: 'link', size: 'sm', className: 'w-fit px-0' })}>
        <ArrowLeftIcon aria-hidden="true" />
        Back to {back.title}
      </Link>
      {transfer.isPending ? (
        <Loading className="py-10" />
      ) : transfer.isError ? (
        <OpenError
          heading="Transfer"
          title="This transfer could not be opened"
          error={transfer.error}
          onRetry={() => void transfer.refetch()}
        />
      ) : (
        <TransferDetail key={`${transfer.data.id}:${transfer.data.status}`} transfer={transfer.data} />
      )}
    </div>
  );
}

function TransferDetail({ transfer }: { transfer: StoveTransferDetail }) {
  const number = transferNumberLabel(transfer.number);
  const searchId = useId();
  const [action, setAction] = useState<Action>(null);
  const [picking, setPicking] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set(transfer.items.map((i) => i.code)));
  const [search, setSearch] = useState('');
  const [shown, setShown] = useState(PAGE);
  const confirm = useConfirmStoveTransfer();
  const reject = useRejectStoveTransfer();
  const cancel = useCancelStoveTransfer();

  const pending = transfer.status === 'pending';
  const total = transfer.items.length;
  const matching = useMemo(() => filterCodes(transfer.items, search), [transfer.items, search]);
  const visible = matching.slice(0, shown);
  const summary = partialSummary(selected.size, total, transfer.from.code);

  const toggle = (code: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(code);
      else next.delete(code);
      return next;
    });

  const confirmAll = async () => {
    await confirm.mutateAsync({ id: transfer.id });
    toast.success(`${number} confirmed`, { description: `${stoveIds(total)} received at ${transfer.to.name}.` });
  };
  const confirmPart = async () => {
    const codes = transfer.items.filter((i) => selected.has(i.code)).map((i) => i.code);
    await confirm.mutateAsync({ id: transfer.id, codes: codes.length === total ? undefined : codes });
    toast.success(`${number} confirmed`, { description: `${summary}.` });
  };
  const cancelTransfer = async () => {
    await cancel.mutateAsync(transfer.id);
    toast.success(`${number} canceled`, { description: `${stoveIds(total)} are back at ${transfer.from.name}.` });
  };
  const rejectTransfer = async (reason: string) => {
    await reject.mutateAsync({ id: transfer.id, reason });
    toast.success(`${number} rejected`, { description: `${stoveIds(total)} return to ${transfer.from.name}.` });
  };

  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <PageHeader title={`Transfer ${number}`} />
        <TransferStatusBadge status={transfer.status} />
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Details</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2 lg:grid-cols-3">
            <Detail term="From">
              {transfer.from.name} ({transfer.from.code})
            </Detail>
            <Detail term="To">
              {transfer.to.name} ({transfer.to.code})
            </Detail>
            <Detail term="Stove IDs">{total.toLocaleString('en-US')}</Detail>
            <Detail term="Sent">
              <time dateTime={transfer.createdAt}>{formatDateTime(transfer.createdAt)}</time> by{' '}
              {personName(transfer.createdBy)}
            </Detail>
            {transfer.decidedAt ? (
              <Detail term={transferVerb(transfer)}>
                <time dateTime={transfer.decidedAt}>{formatDateTime(transfer.decidedAt)}</time> by{' '}
                {personName(transfer.decidedBy)}
              </Detail>
            ) : null}
            <Detail term="Received">{receivedText(transfer)}</Detail>
            {transfer.note ? <Detail term="Note">{transfer.note}</Detail> : null}
            {transfer.reason ? <Detail term="Reason">{transfer.reason}</Detail> : null}
          </dl>
        </CardContent>
      </Card>

      {pending && (transfer.can.confirm || transfer.can.reject || transfer.can.cancel) ? (
        <section aria-label="Actions" className="flex flex-wrap gap-2">
          {transfer.can.confirm && !picking ? (
            <>
              <Button onClick={() => setAction('confirm-all')}>
                <CheckIcon aria-hidden="true" />
                Confirm all
              </Button>
              <Button variant="outline" onClick={() => setPicking(true)}>
                <ListChecksIcon aria-hidden="true" />
                Confirm part
              </Button>
            </>
          ) : null}
          {transfer.can.reject ? (
            <Button variant="outline" onClick={() => setAction('reject')}>
              <XIcon aria-hidden="true" />
              Reject
            </Button>
          ) : null}
          {transfer.can.cancel ? (
            <Button variant="outline" onClick={() => setAction('cancel')}>
              <Undo2Icon aria-hidden="true" />
              Cancel transfer
            </Button>
          ) : null}
        </section>
      ) : null}

      {picking ? (
        <section
          aria-label="Pick the received stove IDs"
          className="flex flex-col gap-3 rounded-md border border-primary/40 bg-primary/5 p-3"
        >
          <p className="text-sm">Tick the stove IDs that arrived; the others return to {transfer.from.name}.</p>
          <div className="flex flex-wrap items-center gap-2">
            <Button variant="outline" size="sm" onClick={() => setSelected(new Set(transfer.items.map((i) => i.code)))}>
              Select all
            </Button>
            <Button variant="outline" size="sm" onClick={() => setSelected(new Set())}>
              Select none
            </Button>
            <p role="status" aria-live="polite" className="text-sm font-medium">
              {summary}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button disabled={selected.size === 0} onClick={() => setAction('confirm-part')}>
              <CheckIcon aria-hidden="true" />
              Confirm {stoveIds(selected.size)} received
            </Button>
            <Button variant="ghost" onClick={() => setPicking(false)}>
              Stop picking
            </Button>
          </div>
          {selected.size === 0 ? (
            <p className="text-sm text-muted-foreground">Nothing arrived? Reject the transfer instead.</p>
          ) : null}
        </section>
      ) : null}

      <section aria-labelledby={`${searchId}-title`} className="flex flex-col gap-3">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <h2 id={`${searchId}-title`} className="text-lg font-semibold">
            Stove IDs
          </h2>
          <Input
            id={searchId}
            type="search"
            aria-label="Find a stove ID"
            placeholder="Find a stove ID"
            className="w-full sm:w-56"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setShown(PAGE);
            }}
          />
        </div>
        <Table containerLabel={`Stove IDs of ${number}`}>
          <TableHeader>
            <TableRow>
              {picking ? <TableHead className="w-10">Received</TableHead> : null}
              <TableHead>Stove ID</TableHead>
              <TableHead>Status when sent</TableHead>
              <TableHead>Outcome</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {visible.map((item) => (
              <TableRow key={item.code}>
                {picking ? (
                  <TableCell>
                    <Checkbox
                      aria-label={`Received ${item.code}`}
                      checked={selected.has(item.code)}
                      onCheckedChange={(checked) => toggle(item.code, checked === true)}
                    />
                  </TableCell>
                ) : null}
                <TableCell className="font-mono">{item.code}</TableCell>
                <TableCell>{item.heldStatus ? STOVE_ID_STATUS_LABELS[item.heldStatus] : '—'}</TableCell>
                <TableCell>{OUTCOME_LABELS[item.outcome]}</TableCell>
              </TableRow>
            ))}
            {visible.length === 0 ? (
              <TableRow>
                <TableCell colSpan={picking ? 4 : 3} className="text-muted-foreground">
                  No stove ID of this transfer contains “{search}”.
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
        {matching.length > visible.length ? (
          <div className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
            Showing {visible.length.toLocaleString('en-US')} of {matching.length.toLocaleString('en-US')}.
            <Button variant="outline" size="sm" onClick={() => setShown((n) => n + PAGE)}>
              Show {Math.min(PAGE, matching.length - visible.length)} more
            </Button>
          </div>
        ) : null}
      </section>

      <ConfirmDialog
        open={action === 'confirm-all'}
        onOpenChange={(open) => setAction(open ? 'confirm-all' : null)}
        title={`Confirm all ${stoveIds(total)} of ${number}?`}
        description={`They become stock of ${transfer.to.name}, each in the status it had when sent.`}
        confirmLabel="Confirm all"
        busyLabel="Confirming..."
        destructive={false}
        errorTitle="The transfer was not confirmed"
        onConfirm={confirmAll}
      />
      <ConfirmDialog
        open={action === 'confirm-part'}
        onOpenChange={(open) => setAction(open ? 'confirm-part' : null)}
        title={`Confirm ${stoveIds(selected.size)} received?`}
        description={`${summary}.`}
        confirmLabel="Confirm received"
        busyLabel="Confirming..."
        destructive={false}
        errorTitle="The transfer was not confirmed"
        onConfirm={confirmPart}
      />
      <ConfirmDialog
        open={action === 'cancel'}
        onOpenChange={(open) => setAction(open ? 'cancel' : null)}
        title={`Cancel ${number}?`}
        description={`The ${stoveIds(total)} return to ${transfer.from.name} in the status they had.`}
        confirmLabel="Cancel transfer"
        busyLabel="Canceling..."
        cancelLabel="Keep it"
        errorTitle="The transfer was not canceled"
        onConfirm={cancelTransfer}
      />
      <ReasonDialog
        open={action === 'reject'}
        onOpenChange={(open) => setAction(open ? 'reject' : null)}
        title={`Reject ${number}?`}
        description={`All ${stoveIds(total)} return to ${transfer.from.name}. Say why, for the sender.`}
        onConfirm={rejectTransfer}
        requiredMessage="A reason is required"
        failureTitle="The transfer was not rejected"
        labels={{ cancel: 'Cancel', confirm: 'Reject transfer', busy: 'Rejecting...' }}
      />
    </>
  );
}

function transferVerb(transfer: StoveTransferDetail): string {
  switch (transfer.status) {
    case 'confirmed':
    case 'partially_confirmed':
      return 'Confirmed';
    case 'rejected':
      return 'Rejected';
    case 'canceled':
      return 'Canceled';
    case 'pending':
      return 'Decided';
  }
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-muted-foreground">{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
