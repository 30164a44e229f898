import { useState } from 'react';
import { dayLabel } from '@common/calendar-days';
import { inventoryEntryNumberLabel, type InventoryEntryKind } from '@common/contracts/inventory';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { errorMessage } from '@web/lib/api-client';
import { useInventoryEntries } from '../api/get-inventory-entries';
import { EntryDetailDialog } from './entry-detail-dialog';
import { useEntryParam } from './entry-link';
import { entrySides } from './entry-form.model';
import { personName } from './inventory-labels';

const RECENT = 10;

const TITLES: Record<InventoryEntryKind, string> = {
  input: 'Recent inputs',
  removal: 'Recent removals',
  transfer: 'Recent transfers',
};

/**
 * The last entries of one kind (the ones the viewer may see), newest first; each opens in a dialog,
 * as does the entry the URL names (`?entry=<id>`: the global search opens an input or removal so).
 */
export function RecentEntries({ kind }: { kind: InventoryEntryKind }) {
  const entries = useInventoryEntries({ kind, sort: 'number', dir: 'desc', limit: RECENT });
  const [open, setOpen] = useState<string | null>(null);
  const linked = useEntryParam();
  const title = TITLES[kind];

  return (
    <section className="flex min-w-0 flex-col gap-3" aria-labelledby={`recent-${kind}`}>
      <h2 id={`recent-${kind}`} className="text-lg font-semibold">
        {title}
      </h2>
      {entries.isPending ? (
        <div className="flex flex-col gap-2" role="status" aria-label={`Loading ${title.toLowerCase()}`}>
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-8 w-full" />
          ))}
        </div>
      ) : entries.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {title} could not be loaded: {errorMessage(entries.error)}{' '}
          <Button variant="link" size="sm" className="h-auto px-0" onClick={() => void entries.refetch()}>
            Try again
          </Button>
        </p>
      ) : entries.data.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing yet: what you save above appears here.</p>
      ) : (
        <Table containerLabel={title} aria-label={title}>
          <TableHeader>
            <TableRow>
              <TableHead scope="col">Number</TableHead>
              <TableHead scope="col">Date</TableHead>
              <TableHead scope="col">{kind === 'transfer' ? 'From → to' : 'Factory'}</TableHead>
              <TableHead scope="col">Items</TableHead>
              <TableHead scope="col">Recorded by</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {entries.data.items.map((entry) => {
              const number = inventoryEntryNumberLabel(entry.kind, entry.number);
              return (
                <TableRow key={entry.id}>
                  <TableCell>
                    <Button
                      variant="link"
                      size="sm"
                      className="h-auto px-0 font-mono"
                      aria-label={`Open ${number}`}
                      onClick={() => setOpen(entry.id)}
                    >
                      {number}
                    </Button>
                  </TableCell>
                  <TableCell>{dayLabel(entry.date)}</TableCell>
                  <TableCell>{entrySides(entry)}</TableCell>
                  <TableCell className="min-w-56 whitespace-normal">{entry.summary}</TableCell>
                  <TableCell>{personName(entry.createdBy)}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
      <EntryDetailDialog
        entryId={open ?? linked.entryId}
        onClose={() => {
          setOpen(null);
          if (linked.entryId) linked.close();
        }}
      />
    </section>
  );
}
