import { LoaderCircleIcon } from 'lucide-react';
import { dayLabel } from '@common/calendar-days';
import { plural } from '@common/counted';
import { formatMoney } from '@common/contracts/sales';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { parsePrice, priceLabel, type PriceChange, type PriceListFields } from './price-grid.model';

interface PriceListSummaryDialogProps {
  open: boolean;
  changes: readonly PriceChange[];
  fields: PriceListFields;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Before saving: every changed cell (now → new), the date they take effect and the currency. */
export function PriceListSummaryDialog({
  open,
  changes,
  fields,
  busy,
  onConfirm,
  onClose,
}: PriceListSummaryDialogProps) {
  const currency = fields.currency.trim().toUpperCase();
  const count = `${changes.length} ${plural(changes.length, 'price', 'prices')}`;
  return (
    <Dialog open={open} onOpenChange={(next) => (next || busy ? undefined : onClose())}>
      <DialogContent className="max-h-[90svh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Save {count}?</DialogTitle>
          <DialogDescription>
            From {dayLabel(fields.effectiveFrom)}, in {currency}. They are saved together, or not at all. The prices
            they replace stay in the history.
          </DialogDescription>
        </DialogHeader>
        <Table containerLabel="Prices to save" aria-label="Prices to save">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead scope="col">Package</TableHead>
              <TableHead scope="col">Category</TableHead>
              <TableHead scope="col" className="text-right">
                Now
              </TableHead>
              <TableHead scope="col" className="text-right">
                New
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {changes.map((change) => (
              <TableRow key={change.key}>
                <TableCell className="whitespace-normal">{change.package.name}</TableCell>
                <TableCell>{change.category.name}</TableCell>
                <TableCell className="text-right text-muted-foreground tabular-nums">
                  {change.current ? priceLabel(change.current) : '—'}
                </TableCell>
                <TableCell className="text-right font-medium tabular-nums">
                  {formatMoney(parsePrice(change.text), currency)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {fields.note.trim() ? <p className="text-sm text-muted-foreground">Note: {fields.note.trim()}</p> : null}
        <DialogFooter>
          <Button variant="outline" disabled={busy} onClick={onClose}>
            Keep editing
          </Button>
          <Button disabled={busy} aria-busy={busy || undefined} onClick={onConfirm}>
            {busy ? (
              <>
                <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
                Saving...
              </>
            ) : (
              `Save ${count}`
            )}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
