import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { toast } from 'sonner';
import { CheckIcon, ListChecksIcon, PrinterIcon, ScanBarcodeIcon, Undo2Icon, XIcon } from 'lucide-react';
import {
  STOVE_ID_STATUS_LABELS,
  transferNumberLabel,
  type StoveTransferDetail,
  type StoveTransferItemOutcome,
} from '@common/contracts/stove-ids';
import {
  DocumentActions,
  DocumentDetail,
  DocumentDetails,
  DocumentEvent,
  DocumentHeader,
  DocumentPage,
  DocumentView,
} from '@web/components/document/document-page';
import { DocumentStoveIds, codeColumn, type StoveIdColumn } from '@web/components/document/document-stove-ids';
import { FilesPanel } from '@web/components/files/files-panel';
import { ConfirmDialog } from '@web/components/form/confirm-dialog';
import { ReasonDialog } from '@web/components/form/reason-dialog';
import { Button, buttonVariants } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/checkbox';
import { useCancelStoveTransfer } from '../api/cancel-stove-transfer';
import { useConfirmStoveTransfer } from '../api/confirm-stove-transfer';
import { useStoveTransfer } from '../api/get-stove-transfer';
import { useRejectStoveTransfer } from '../api/reject-stove-transfer';
import { TransferStatusBadge } from '../components/transfer-status-badge';
import {
  backToOf,
  partialSummary,
  personName,
  receivePath,
  receivedText,
  stoveIds,
} from '../components/transfer.model';

const OUTCOME_LABELS: Record<StoveTransferItemOutcome, string> = {
  pending: 'In transit',
  received: 'Received',
  returned: 'Returned to sender',
};

type Action = 'confirm-all' | 'confirm-part' | 'cancel' | 'reject' | null;

type Item = StoveTransferDetail['items'][number];

/** Each stove ID, its status when sent and what became of it. */
const ITEM_COLUMNS: readonly StoveIdColumn<Item>[] = [
  codeColumn(false),
  { header: 'Status when sent', cell: (item) => (item.heldStatus ? STOVE_ID_STATUS_LABELS[item.heldStatus] : '—') },
  { header: 'Outcome', cell: (item) => OUTCOME_LABELS[item.outcome] },
];

/** One transfer (/stove-id/transfer-confirmations/:id, /stove-id/transfer-history/:id): its IDs, outcome and actions. */
export function StoveTransferDetailPage({ back }: { back: { to: string; title: string } }) {
  const { id = '' } = useParams();
  const transfer = useStoveTransfer(id);
  return (
    <DocumentPage
      back={{ to: backToOf(useLocation().state, back.to), title: back.title }}
      query={transfer}
      heading="Transfer"
      errorTitle="This transfer could not be opened"
    >
      {(data) => <TransferDetail key={`${data.id}:${data.status}`} transfer={data} />}
    </DocumentPage>
  );
}

function TransferDetail({ transfer }: { transfer: StoveTransferDetail }) {
  const number = transferNumberLabel(transfer.number);
  const { pathname } = useLocation();
  const [action, setAction] = useState<Action>(null);
  const [picking, setPicking] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set(transfer.items.map((i) => i.code)));
  const confirm = useConfirmStoveTransfer();
  const reject = useRejectStoveTransfer();
  const cancel = useCancelStoveTransfer();

  const pending = transfer.status === 'pending';
  const total = transfer.items.length;
  const summary = partialSummary(selected.size, total, transfer.from.code);

  const toggle = (code: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(code);
      else next.delete(code);
      return next;
    });

  const receivedColumn: StoveIdColumn<Item> = {
    header: 'Received',
    headClassName: 'w-10',
    cell: (item) => (
      <Checkbox
        aria-label={`Received ${item.code}`}
        checked={selected.has(item.code)}
        onCheckedChange={(checked) => toggle(item.code, checked === true)}
      />
    ),
  };

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
    <DocumentView>
      <DocumentHeader
        title={`Transfer ${number}`}
        status={<TransferStatusBadge status={transfer.status} />}
        actions={
          <Link to={`${pathname.replace(/\/+$/, '')}/dispatch-note`} className={buttonVariants({ variant: 'outline' })}>
            <PrinterIcon aria-hidden="true" />
            Print dispatch note
          </Link>
        }
      />

      <DocumentDetails>
        <DocumentDetail term="From">
          {transfer.from.name} ({transfer.from.code})
        </DocumentDetail>
        <DocumentDetail term="To">
          {transfer.to.name} ({transfer.to.code})
        </DocumentDetail>
        <DocumentDetail term="Stove IDs">{total.toLocaleString('en-US')}</DocumentDetail>
        <DocumentDetail term="Sent">
          <DocumentEvent at={transfer.createdAt} by={personName(transfer.createdBy)} />
        </DocumentDetail>
        {transfer.decidedAt ? (
          <DocumentDetail term={transferVerb(transfer)}>
            <DocumentEvent at={transfer.decidedAt} by={personName(transfer.decidedBy)} />
          </DocumentDetail>
        ) : null}
        <DocumentDetail term="Received">{receivedText(transfer)}</DocumentDetail>
        {transfer.note ? <DocumentDetail term="Note">{transfer.note}</DocumentDetail> : null}
        {transfer.reason ? <DocumentDetail term="Reason">{transfer.reason}</DocumentDetail> : null}
      </DocumentDetails>

      {pending && (transfer.can.confirm || transfer.can.reject || transfer.can.cancel) ? (
        <DocumentActions>
          {transfer.can.confirm && !picking ? (
            <>
              <Button asChild>
                <Link to={receivePath(transfer.id)}>
                  <ScanBarcodeIcon aria-hidden="true" />
                  Receive by scanning
                </Link>
              </Button>
              <Button variant="outline" onClick={() => setAction('confirm-all')}>
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
        </DocumentActions>
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

      <FilesPanel kind="stove-transfer" recordId={transfer.id} />

      <DocumentStoveIds
        number={number}
        noun="transfer"
        items={transfer.items}
        labelTable={false}
        columns={picking ? [receivedColumn, ...ITEM_COLUMNS] : ITEM_COLUMNS}
      />

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
    </DocumentView>
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
