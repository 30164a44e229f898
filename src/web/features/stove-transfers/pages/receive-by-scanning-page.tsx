import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { z } from 'zod';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { CheckIcon, CircleAlertIcon, CircleCheckIcon } from 'lucide-react';
import { transferNumberLabel, type StoveTransferDetail } from '@common/contracts/stove-ids';
import { moreText, visibleCodes } from '@web/components/code-entry/code-entry.model';
import { CameraScanButton } from '@web/components/code-entry/camera-scan-button';
import { ScanField } from '@web/components/code-entry/scan-field';
import { DocumentPage } from '@web/components/document/document-page';
import { ConfirmDialog } from '@web/components/form/confirm-dialog';
import { DraftNotice } from '@web/components/form/draft-notice';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { PageHeader } from '@web/components/ui/page-header';
import { Progress } from '@web/components/ui/progress';
import { scanFeedback } from '@web/lib/scan-feedback';
import { useDraft, type DraftOwner } from '@web/lib/use-draft';
import { cn } from '@web/lib/utils';
import { useConfirmStoveTransfer } from '../api/confirm-stove-transfer';
import { useStoveTransfer } from '../api/get-stove-transfer';
import { TransferStatusBadge } from '../components/transfer-status-badge';
import {
  EMPTY_SCAN,
  confirmArrivedLabel,
  confirmArrivedQuestion,
  mainAction,
  missingCodes,
  progressText,
  returnText,
  scanCodes,
  scanMessage,
  type ReceiveScan,
} from '../components/receive-scan.model';
import { stoveIds } from '../components/transfer.model';

const CONFIRMATIONS_PATH = '/stove-id/transfer-confirmations';
/** How many codes each list shows (the rest are counted). */
const LIST_LIMIT = 100;

const scanDraftSchema = z.object({ arrived: z.array(z.string()), strangers: z.array(z.string()) });

function describeScanDraft(scan: ReceiveScan): string {
  return `${stoveIds(scan.arrived.length)} scanned as arrived`;
}

/**
 * Receive by scanning (/stove-id/transfer-confirmations/:id/receive): at the gate, each label
 * scanned is ticked as arrived; a label not on the transfer or scanned twice is flagged at once
 * (on screen and by a tone); then confirm what arrived (the rest go back) or confirm all. What was
 * scanned is kept as the user's draft of this transfer until it is confirmed.
 */
export function ReceiveByScanningPage({ viewer }: { viewer: DraftOwner }) {
  const { id = '' } = useParams();
  const transfer = useStoveTransfer(id);
  const detailPath = `${CONFIRMATIONS_PATH}/${id}`;
  return (
    <DocumentPage
      back={{ to: detailPath, title: 'the transfer' }}
      query={transfer}
      heading="Receive by scanning"
      errorTitle="This transfer could not be opened"
    >
      {/* Keyed by the transfer only: a refetch (a live update) keeps what was scanned. */}
      {(data) => <Receive key={data.id} transfer={data} detailPath={detailPath} userId={viewer.user.id} />}
    </DocumentPage>
  );
}

interface Message {
  text: string;
  problem: boolean;
  /** Each scan's message is a new node, so a repeated message is seen and announced again. */
  serial: number;
}

function Receive({
  transfer,
  detailPath,
  userId,
}: {
  transfer: StoveTransferDetail;
  detailPath: string;
  userId: string;
}) {
  const number = transferNumberLabel(transfer.number);
  const navigate = useNavigate();
  const confirm = useConfirmStoveTransfer();
  const codes = useMemo(() => transfer.items.map((item) => item.code), [transfer.items]);
  const onTransfer = useMemo(() => new Set(codes), [codes]);
  // A ref as well as state: scans may come faster than renders (a scanner, a camera).
  const current = useRef<ReceiveScan>(EMPTY_SCAN);
  const [scan, setScan] = useState<ReceiveScan>(EMPTY_SCAN);
  const [message, setMessage] = useState<Message | null>(null);
  const [action, setAction] = useState<'confirm-all' | 'confirm-arrived' | null>(null);
  const draft = useDraft<ReceiveScan>({
    screen: `receive-transfer:${transfer.id}`,
    userId,
    value: scan,
    isEmpty: (value) => value.arrived.length === 0 && value.strangers.length === 0,
    schema: scanDraftSchema,
    restore: (value) => {
      // Only codes still on the transfer count as arrived (it cannot change while pending).
      const kept = { arrived: value.arrived.filter((code) => onTransfer.has(code)), strangers: value.strangers };
      current.current = kept;
      setScan(kept);
    },
    reset: () => {
      current.current = EMPTY_SCAN;
      setScan(EMPTY_SCAN);
      setMessage(null);
    },
  });
  // A transfer decided meanwhile (here or elsewhere) has nothing left to receive: its draft goes.
  const decided = transfer.status !== 'pending';
  const clearDraft = draft.clear;
  useEffect(() => {
    if (decided) clearDraft();
  }, [decided, clearDraft]);

  const total = codes.length;
  const arrived = scan.arrived.length;
  const missing = useMemo(() => missingCodes(codes, scan.arrived), [codes, scan.arrived]);
  const main = mainAction(arrived, total);

  /** Takes the codes of one scan: the scan field's Enter (and a camera's reads, later). */
  const onCodes = (incoming: string[]) => {
    const result = scanCodes(onTransfer, current.current, incoming);
    current.current = result.scan;
    setScan(result.scan);
    const said = scanMessage(result.outcomes);
    if (!said) return;
    setMessage((before) => ({ ...said, serial: (before?.serial ?? 0) + 1 }));
    scanFeedback(said.problem ? 'problem' : 'ok');
  };

  const done = (description: string) => {
    draft.clear();
    toast.success(`${number} confirmed`, { description });
    void navigate(detailPath);
  };
  const confirmArrived = async () => {
    const all = arrived === total;
    await confirm.mutateAsync({ id: transfer.id, codes: all ? undefined : scan.arrived });
    done(
      all
        ? `${stoveIds(total)} received at ${transfer.to.name}.`
        : `${stoveIds(arrived)} received; ${returnText(total - arrived, transfer.from.name)}`,
    );
  };
  const confirmAll = async () => {
    await confirm.mutateAsync({ id: transfer.id });
    done(`${stoveIds(total)} received at ${transfer.to.name}.`);
  };

  const header = (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-3">
        <PageHeader title={`Receive ${number}`} />
        <TransferStatusBadge status={transfer.status} />
      </div>
      <p className="text-sm text-muted-foreground">
        {stoveIds(total)} from {transfer.from.name} ({transfer.from.code}) to {transfer.to.name} ({transfer.to.code})
      </p>
    </div>
  );

  if (transfer.status !== 'pending' || !transfer.can.confirm)
    return (
      <div className="flex flex-col gap-4">
        {header}
        <p role="status" className="text-sm">
          {transfer.status !== 'pending'
            ? 'This transfer is no longer waiting: there is nothing to receive.'
            : `Only ${transfer.to.name} can receive this transfer.`}{' '}
          <Link to={detailPath} className="text-primary underline-offset-4 hover:underline">
            Open the transfer
          </Link>
        </p>
      </div>
    );

  return (
    <div className="flex flex-col gap-5">
      {header}
      <DraftNotice draft={draft} describe={describeScanDraft} />

      <section aria-label="Scan" className="flex flex-col gap-3 rounded-md border p-3">
        <ScanField label="Scan a stove ID label" onCodes={onCodes}>
          {/* Each label the camera reads is judged like a scanned one, with its own tone. */}
          <CameraScanButton onCodes={onCodes} beep={false} disabled={confirm.isPending} />
        </ScanField>
        <ScanMessage message={message} />
      </section>

      <section aria-label="Progress" className="flex flex-col gap-2">
        <p id="receive-progress" className="text-lg font-semibold tabular-nums">
          {progressText(arrived, total)}
        </p>
        <Progress value={arrived} max={total} aria-labelledby="receive-progress" />
        <div className="flex flex-wrap gap-2 pt-1">
          {main === 'confirm-arrived' ? (
            <Button disabled={arrived === 0} onClick={() => setAction('confirm-arrived')}>
              <CheckIcon aria-hidden="true" />
              {confirmArrivedLabel(arrived)}
            </Button>
          ) : null}
          <Button variant={main === 'confirm-all' ? 'default' : 'outline'} onClick={() => setAction('confirm-all')}>
            {main === 'confirm-all' ? <CheckIcon aria-hidden="true" /> : null}
            Confirm all
          </Button>
        </div>
        {arrived === 0 ? (
          <p className="text-sm text-muted-foreground">
            Scan each label as its stove comes in. Nothing arrived? Reject the transfer from its page.
          </p>
        ) : null}
      </section>

      <div className="grid gap-4 md:grid-cols-2">
        <CodeList title="Still missing" codes={missing} order="transfer" searchable empty="Every stove ID arrived." />
        <CodeList title="Arrived" codes={scan.arrived} order="newest" empty="Nothing scanned yet." />
        {scan.strangers.length > 0 ? (
          <CodeList
            title="Not on this transfer"
            codes={scan.strangers}
            order="newest"
            empty=""
            warning
            note="Set these labels aside: they belong to no stove of this transfer."
          />
        ) : null}
      </div>

      <ConfirmDialog
        open={action === 'confirm-arrived'}
        onOpenChange={(open) => setAction(open ? 'confirm-arrived' : null)}
        title={confirmArrivedQuestion(arrived)}
        description={`They become stock of ${transfer.to.name}. ${returnText(total - arrived, transfer.from.name)}`}
        confirmLabel="Confirm what arrived"
        busyLabel="Confirming..."
        destructive={false}
        errorTitle="The transfer was not confirmed"
        onConfirm={confirmArrived}
      />
      <ConfirmDialog
        open={action === 'confirm-all'}
        onOpenChange={(open) => setAction(open ? 'confirm-all' : null)}
        title={`Confirm all ${stoveIds(total)} of ${number}?`}
        description={
          missing.length === 0
            ? `Every stove ID was scanned. They become stock of ${transfer.to.name}.`
            : `${stoveIds(missing.length)} not scanned will be received too. All become stock of ${transfer.to.name}.`
        }
        confirmLabel="Confirm all"
        busyLabel="Confirming..."
        destructive={false}
        errorTitle="The transfer was not confirmed"
        onConfirm={confirmAll}
      />
    </div>
  );
}

/** The message of the last scan: a problem is an alert (announced at once), an arrival a status. */
function ScanMessage({ message }: { message: Message | null }) {
  const box = 'flex items-start gap-2 rounded-md px-3 py-2 text-sm font-medium';
  return (
    <>
      <div role="alert">
        {message?.problem ? (
          <p key={message.serial} className={cn(box, 'border border-destructive bg-destructive/10 text-destructive')}>
            <CircleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {message.text}
          </p>
        ) : null}
      </div>
      <div role="status" aria-live="polite">
        {message && !message.problem ? (
          <p key={message.serial} className={cn(box, 'bg-primary/10 text-foreground')}>
            <CircleCheckIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            {message.text}
          </p>
        ) : null}
      </div>
    </>
  );
}

interface CodeListProps {
  title: string;
  codes: readonly string[];
  /** transfer: in the transfer's order; newest: the last scanned first. */
  order: 'transfer' | 'newest';
  empty: string;
  searchable?: boolean;
  warning?: boolean;
  note?: string;
}

/** A titled list of codes with its count, the first 100 shown (and a search, for the missing ones). */
function CodeList({ title, codes, order, empty, searchable = false, warning = false, note }: CodeListProps) {
  const id = useId();
  const [search, setSearch] = useState('');
  const visible = useMemo(
    () => visibleCodes(order === 'transfer' ? [...codes].reverse() : codes, search, LIST_LIMIT),
    [codes, order, search],
  );
  return (
    <section
      aria-labelledby={`${id}-title`}
      className={cn('flex min-w-0 flex-col gap-2 rounded-md border p-3', warning && 'border-destructive/60')}
    >
      <h2 id={`${id}-title`} className={cn('font-semibold', warning && 'text-destructive')}>
        {title}{' '}
        <span className="font-normal text-muted-foreground tabular-nums">({codes.length.toLocaleString('en-US')})</span>
      </h2>
      {note ? <p className="text-sm">{note}</p> : null}
      {searchable && codes.length > 0 ? (
        <div className="flex flex-col gap-1">
          <Label htmlFor={`${id}-search`} className="sr-only">
            Find a missing stove ID
          </Label>
          <Input
            id={`${id}-search`}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Find a missing stove ID"
            autoComplete="off"
            className="font-mono"
          />
        </div>
      ) : null}
      {codes.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : visible.matching === 0 ? (
        <p className="text-sm text-muted-foreground">No missing stove ID matches {search.trim().toUpperCase()}.</p>
      ) : (
        <ul aria-label={title} className="flex flex-col gap-0.5 font-mono text-sm">
          {visible.shown.map((code) => (
            <li key={code}>{code}</li>
          ))}
          {visible.hidden > 0 ? <li className="font-sans text-muted-foreground">{moreText(visible.hidden)}</li> : null}
        </ul>
      )}
    </section>
  );
}
