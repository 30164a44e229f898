import { useState } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { dayLabel } from '@common/calendar-days';
import {
  formatInventoryQuantity,
  INVENTORY_MOVEMENT_KIND_LABELS,
  INVENTORY_REMOVAL_REASON_LABELS,
  inventoryEntryNumberLabel,
  type InventoryMovement,
  type InventoryStockRow,
} from '@common/contracts/inventory';
import { formatListTotal } from '@web/components/data-table/list-state.model';
import { Button } from '@web/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@web/components/ui/sheet';
import { Skeleton } from '@web/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { errorMessage } from '@web/lib/api-client';
import { cn } from '@web/lib/utils';
import { useInventoryMovements } from '../api/get-inventory-movements';
import { personName } from './inventory-labels';

const PAGE_SIZE = 20;
const NOUN = { one: 'movement', other: 'movements' };

/** The movements of one item at one factory, newest first, a page at a time. `row` null = closed. */
export function MovementHistorySheet({
  row,
  onClose,
  onOpenEntry,
}: {
  row: InventoryStockRow | null;
  onClose: () => void;
  onOpenEntry: (entryId: string) => void;
}) {
  return (
    <Sheet open={row !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <SheetContent side="right" className="w-full overflow-y-auto sm:max-w-2xl">
        {row ? <MovementHistory key={`${row.item.id}:${row.factory.id}`} row={row} onOpenEntry={onOpenEntry} /> : null}
      </SheetContent>
    </Sheet>
  );
}

function MovementHistory({ row, onOpenEntry }: { row: InventoryStockRow; onOpenEntry: (entryId: string) => void }) {
  /** The cursors of the pages before this one (null = the first page). */
  const [previous, setPrevious] = useState<(string | null)[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const movements = useInventoryMovements({
    itemId: row.item.id,
    factoryId: row.factory.id,
    limit: PAGE_SIZE,
    cursor: cursor ?? undefined,
  });
  const title = `${row.item.name} at ${row.factory.code}`;
  const data = movements.data;

  return (
    <>
      <SheetHeader className="pr-10">
        <SheetTitle>Movements of {title}</SheetTitle>
        <SheetDescription>
          {formatInventoryQuantity(row.quantity, row.unit.symbol)} in stock at {row.factory.name}, reorder level{' '}
          {formatInventoryQuantity(row.reorderLevel, row.unit.symbol)}. Newest first.
        </SheetDescription>
      </SheetHeader>
      <div className="flex flex-col gap-3 px-4 pb-4">
        {movements.isPending ? (
          <div role="status" aria-label="Loading the movements" className="flex flex-col gap-2">
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} className="h-8 w-full" />
            ))}
          </div>
        ) : movements.isError && !data ? (
          <div role="alert" className="flex flex-col items-start gap-2 text-sm">
            <p>
              <span className="font-medium">Could not load the movements.</span> {errorMessage(movements.error)}
            </p>
            <Button variant="outline" size="sm" onClick={() => void movements.refetch()}>
              Retry
            </Button>
          </div>
        ) : data && data.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">No movements of this item at this factory yet.</p>
        ) : data ? (
          <Table
            containerLabel={`Movements of ${title}`}
            aria-label={`Movements of ${title}`}
            aria-busy={movements.isFetching || undefined}
            className={cn(movements.isPlaceholderData && 'opacity-60')}
          >
            <TableHeader>
              <TableRow>
                <TableHead scope="col">Date</TableHead>
                <TableHead scope="col">Movement</TableHead>
                <TableHead scope="col" className="text-right">
                  Change
                </TableHead>
                <TableHead scope="col">Details</TableHead>
                <TableHead scope="col">By</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.items.map((m) => (
                <TableRow key={m.id}>
                  <TableCell>{dayLabel(m.date)}</TableCell>
                  <TableCell>
                    <div className="flex flex-col items-start gap-0.5">
                      <span>{INVENTORY_MOVEMENT_KIND_LABELS[m.kind]}</span>
                      <Button
                        variant="link"
                        size="sm"
                        className="h-auto p-0 font-mono text-xs"
                        onClick={() => onOpenEntry(m.entry.id)}
                      >
                        {inventoryEntryNumberLabel(m.entry.kind, m.entry.number)}
                      </Button>
                    </div>
                  </TableCell>
                  <TableCell className={cn('text-right tabular-nums', m.delta > 0 && 'text-[oklch(0.38_0.1_150)]')}>
                    {signed(m)}
                  </TableCell>
                  <TableCell className="whitespace-normal">{details(m)}</TableCell>
                  <TableCell>{personName(m.createdBy)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : null}
        {data ? (
          <nav aria-label="Movement pages" className="flex flex-wrap items-center justify-between gap-2">
            <p role="status" className="text-sm text-muted-foreground">
              {formatListTotal(data.total, data.totalCapped, NOUN)}
            </p>
            <div className="flex gap-1">
              <Button
                variant="outline"
                size="sm"
                disabled={previous.length === 0 || movements.isFetching}
                onClick={() => {
                  setCursor(previous.at(-1) ?? null);
                  setPrevious(previous.slice(0, -1));
                }}
              >
                <ChevronLeftIcon aria-hidden="true" />
                Newer
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={!data.nextCursor || movements.isFetching}
                onClick={() => {
                  if (!data.nextCursor) return;
                  setPrevious([...previous, cursor]);
                  setCursor(data.nextCursor);
                }}
              >
                Older
                <ChevronRightIcon aria-hidden="true" />
              </Button>
            </div>
          </nav>
        ) : null}
      </div>
    </>
  );
}

/** "+20 l" / "−5 pcs". */
function signed(m: InventoryMovement): string {
  const text = formatInventoryQuantity(Math.abs(m.delta), m.unit.symbol);
  return m.delta < 0 ? `−${text}` : `+${text}`;
}

function details(m: InventoryMovement): string {
  if (m.reason) return INVENTORY_REMOVAL_REASON_LABELS[m.reason];
  if (m.unitCost !== null) return `Unit cost ${m.unitCost.toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
  return '—';
}
