import { useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { salesOrderNumberLabel, salesReturnNumberLabel, type SalesOrderDetail } from '@common/contracts/sales-orders';
import { Button } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { errorMessage } from '@web/lib/api-client';
import { useCreateSalesReturn } from '../api/create-sales-return';
import { stoveIds } from './sales-order.model';
import { returnCredit, returnSummary, scanCode, SALES_RETURN_PATH } from './sales-return.model';

/**
 * Return stoves of an order: tick the IDs left to return (or scan them: a scanner types the code
 * then Enter, which ticks it; a code not on the order is flagged), give the reason, confirm the
 * count and the credit; then the return note opens.
 */
export function ReturnStovesDialog({
  order,
  open,
  onOpenChange,
}: {
  order: SalesOrderDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const navigate = useNavigate();
  const create = useCreateSalesReturn();
  const number = salesOrderNumberLabel(order.number);
  const returnable = useMemo(() => new Set(order.returnable.map((r) => r.code)), [order.returnable]);
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const [scan, setScan] = useState('');
  const [scanNote, setScanNote] = useState<string | null>(null);
  const [unknown, setUnknown] = useState<string[]>([]);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const credit = returnCredit(order, ticked);
  const all = ticked.size === returnable.size;

  const toggle = (code: string, on: boolean) => {
    const next = new Set(ticked);
    if (on) next.add(code);
    else next.delete(code);
    setTicked(next);
    setConfirming(false);
  };

  const scanned = () => {
    const outcome = scanCode(scan, returnable, ticked);
    setScan('');
    if (outcome.kind === 'empty') return;
    if (outcome.kind === 'unknown') {
      setUnknown((u) => (u.includes(outcome.code) ? u : [...u, outcome.code]));
      setScanNote(`${outcome.code} is not a stove ID of ${number} left to return.`);
      return;
    }
    if (outcome.kind === 'ticked') toggle(outcome.code, true);
    setScanNote(outcome.kind === 'ticked' ? `${outcome.code} ticked.` : `${outcome.code} is ticked already.`);
  };

  const submit = async () => {
    if (ticked.size === 0) {
      setError('Tick the stove IDs returned.');
      return;
    }
    if (!reason.trim()) {
      setError('A reason is required: say why the stoves came back.');
      return;
    }
    setError(null);
    if (!confirming) {
      setConfirming(true);
      return;
    }
    try {
      const note = await create.mutateAsync({ orderId: order.id, codes: [...ticked], reason: reason.trim() });
      toast.success(`${salesReturnNumberLabel(note.number)} recorded`, {
        description: `${stoveIds(note.stoveCount)} are validated again at ${order.factory.name}.`,
      });
      onOpenChange(false);
      void navigate(`${SALES_RETURN_PATH}/${note.id}`, {
        state: { back: { to: `/sales/sales-order/${order.id}`, title: `Sales order ${number}` } },
      });
    } catch (cause) {
      setConfirming(false);
      toast.error('Nothing was returned', { description: errorMessage(cause) });
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (create.isPending ? undefined : onOpenChange(next))}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Return stoves of {number}</DialogTitle>
          <DialogDescription>
            Tick or scan the stove IDs that came back, and say why. They go back to validated at {order.factory.name}; a
            return note credits what they were sold for.
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-scan`}>Scan or type a stove ID</Label>
            <Input
              id={`${id}-scan`}
              value={scan}
              autoComplete="off"
              onChange={(e) => setScan(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  scanned();
                }
              }}
            />
            <p className="text-sm text-muted-foreground" role="status">
              {scanNote ?? 'Press Enter after each code: it ticks that stove ID below.'}
            </p>
            {unknown.length > 0 ? (
              <div role="alert" className="text-sm text-destructive">
                Not stove IDs of {number} left to return: {unknown.join(', ')}
              </div>
            ) : null}
          </div>

          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium">
              Stove IDs left to return ({ticked.size.toLocaleString('en-US')} of{' '}
              {returnable.size.toLocaleString('en-US')} ticked)
            </legend>
            <div className="flex items-center gap-2">
              <Checkbox
                id={`${id}-all`}
                checked={all && returnable.size > 0}
                onCheckedChange={(on) => {
                  setTicked(on === true ? new Set(returnable) : new Set());
                  setConfirming(false);
                }}
              />
              <Label htmlFor={`${id}-all`}>Select all</Label>
            </div>
            <ul className="grid max-h-60 grid-cols-2 gap-1 overflow-y-auto rounded-md border p-2">
              {order.returnable.map((r) => (
                <li key={r.code} className="flex items-center gap-2">
                  <Checkbox
                    id={`${id}-${r.code}`}
                    checked={ticked.has(r.code)}
                    onCheckedChange={(on) => toggle(r.code, on === true)}
                  />
                  <Label htmlFor={`${id}-${r.code}`} className="font-mono">
                    {r.code}
                  </Label>
                </li>
              ))}
            </ul>
          </fieldset>

          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-reason`}>Reason</Label>
            <Textarea
              id={`${id}-reason`}
              value={reason}
              maxLength={1000}
              onChange={(e) => {
                setReason(e.target.value);
                setConfirming(false);
              }}
            />
          </div>
          {error ? (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
          {confirming ? (
            <p role="status" className="rounded-md border bg-muted p-3 text-sm font-medium">
              {returnSummary(ticked.size, credit, order.currency, number)}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" disabled={create.isPending} onClick={() => onOpenChange(false)}>
              Keep the order as it is
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending
                ? 'Returning...'
                : confirming
                  ? `Confirm return of ${stoveIds(ticked.size)}`
                  : 'Return stoves'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
