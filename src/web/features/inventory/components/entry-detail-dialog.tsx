import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PrinterIcon } from 'lucide-react';
import { dayLabel } from '@common/calendar-days';
import {
  formatInventoryQuantity,
  INVENTORY_ENTRY_KIND_LABELS,
  INVENTORY_REMOVAL_REASON_LABELS,
  inventoryEntryNumberLabel,
  type InventoryEntry,
} from '@common/contracts/inventory';
import { FilesPanel } from '@web/components/files/files-panel';
import { Badge } from '@web/components/ui/badge';
import { Button, buttonVariants } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Skeleton } from '@web/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { errorMessage } from '@web/lib/api-client';
import { formatDateTime } from '@web/lib/format';
import { useInventoryEntry } from '../api/get-inventory-entry';
import { inventoryDispatchNotePath } from './inventory-dispatch-note.model';
import { personName } from './inventory-labels';

const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** One input, removal or transfer: where, when, who, and its lines. `entryId` null = closed. */
export function EntryDetailDialog({ entryId, onClose }: { entryId: string | null; onClose: () => void }) {
  const entry = useInventoryEntry(entryId);
  const title = entry.data ? inventoryEntryNumberLabel(entry.data.kind, entry.data.number) : 'Inventory entry';
  return (
    <Dialog open={entryId !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {entry.data ? describe(entry.data) : 'The lines saved together, with where, when and by whom.'}
          </DialogDescription>
        </DialogHeader>
        {entry.isPending ? (
          <div role="status" aria-label="Loading the entry" className="flex flex-col gap-3">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-32 w-full" />
          </div>
        ) : entry.isError ? (
          <div role="alert" className="flex flex-col items-start gap-3 text-sm">
            <p>
              <span className="font-medium">Could not load the entry.</span> {errorMessage(entry.error)}
            </p>
            <Button variant="outline" size="sm" onClick={() => void entry.refetch()}>
              Retry
            </Button>
          </div>
        ) : (
          <EntryDetail entry={entry.data} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function describe(entry: InventoryEntry): string {
  switch (entry.kind) {
    case 'input':
      return `Stock received at ${entry.factory.name} on ${dayLabel(entry.date)}.`;
    case 'removal':
      return `Stock removed at ${entry.factory.name} on ${dayLabel(entry.date)}.`;
    case 'transfer':
      return `Stock moved from ${entry.factory.name} to ${entry.toFactory?.name ?? 'another factory'} on ${dayLabel(entry.date)}.`;
  }
}

function EntryDetail({ entry }: { entry: InventoryEntry }) {
  const costed = entry.kind === 'input' && entry.lines.some((l) => l.unitCost !== null);
  const total = entry.lines.reduce((sum, l) => sum + (l.unitCost ?? 0) * l.quantity, 0);
  const title = inventoryEntryNumberLabel(entry.kind, entry.number);
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        <Fact term="Kind">
          <Badge variant={entry.kind === 'input' ? 'success' : 'secondary'}>
            {INVENTORY_ENTRY_KIND_LABELS[entry.kind]}
          </Badge>
        </Fact>
        <Fact term="Date">{dayLabel(entry.date)}</Fact>
        {entry.toFactory ? (
          <>
            <Fact term="From">{`${entry.factory.name} (${entry.factory.code})`}</Fact>
            <Fact term="To">{`${entry.toFactory.name} (${entry.toFactory.code})`}</Fact>
          </>
        ) : (
          <Fact term="Factory">{`${entry.factory.name} (${entry.factory.code})`}</Fact>
        )}
        {entry.supplier ? <Fact term="Supplier">{entry.supplier}</Fact> : null}
        {entry.reference ? <Fact term="Reference">{entry.reference}</Fact> : null}
        <Fact term="Recorded by">
          {personName(entry.createdBy)}, {formatDateTime(entry.createdAt)}
        </Fact>
        {entry.note ? (
          <Fact term="Note" className="sm:col-span-2">
            <span className="whitespace-pre-wrap">{entry.note}</span>
          </Fact>
        ) : null}
      </dl>
      <Table containerLabel={`Lines of ${title}`} aria-label={`Lines of ${title}`}>
        <TableHeader>
          <TableRow>
            <TableHead scope="col" className="w-10">
              #
            </TableHead>
            <TableHead scope="col">Item</TableHead>
            <TableHead scope="col" className="text-right">
              Quantity
            </TableHead>
            {entry.kind === 'input' ? (
              <TableHead scope="col" className="text-right">
                Unit cost
              </TableHead>
            ) : null}
            {entry.kind === 'removal' ? <TableHead scope="col">Reason</TableHead> : null}
          </TableRow>
        </TableHeader>
        <TableBody>
          {entry.lines.map((line) => (
            <TableRow key={line.line}>
              <TableCell className="tabular-nums text-muted-foreground">{line.line}</TableCell>
              <TableCell className="whitespace-normal">{line.item.name}</TableCell>
              <TableCell className="text-right tabular-nums">
                {formatInventoryQuantity(line.quantity, line.unit.symbol)}
              </TableCell>
              {entry.kind === 'input' ? (
                <TableCell className="text-right tabular-nums">
                  {line.unitCost === null ? '—' : money.format(line.unitCost)}
                </TableCell>
              ) : null}
              {entry.kind === 'removal' ? (
                <TableCell>{line.reason ? INVENTORY_REMOVAL_REASON_LABELS[line.reason] : '—'}</TableCell>
              ) : null}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {costed ? <p className="text-right text-sm">Total cost: {money.format(total)}</p> : null}
      <FilesPanel kind="inventory-entry" recordId={entry.id} framed={false} />
      {entry.kind === 'transfer' ? (
        <Link
          to={inventoryDispatchNotePath(entry.id)}
          className={buttonVariants({ variant: 'outline', className: 'self-start' })}
        >
          <PrinterIcon aria-hidden="true" />
          Print dispatch note
        </Link>
      ) : null}
    </div>
  );
}

function Fact({ term, children, className }: { term: string; children: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}
