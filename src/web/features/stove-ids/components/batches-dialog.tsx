import { Link } from 'react-router';
import { ListFilterIcon, PrinterIcon } from 'lucide-react';
import type { StoveBatch } from '@common/contracts/stove-ids';
import { Button, buttonVariants } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Loading } from '@web/components/ui/loading';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { errorMessage } from '@web/lib/api-client';
import { formatDate } from '@web/lib/format';
import { useStoveBatchPages } from '../api/get-stove-batches';
import { labelSheetHref } from './label-sheet.model';
import { batchLabel } from './stove-id-format';

const PAGE = { limit: 50 } as const;

/** Batches, newest first (generated and imported), each with "Show IDs" and "Print labels". */
export function BatchesDialog({ onShowIds, onClose }: { onShowIds: (batch: StoveBatch) => void; onClose: () => void }) {
  const pages = useStoveBatchPages(PAGE);
  const batches = pages.data?.pages.flatMap((page) => page.items) ?? [];
  const total = pages.data?.pages[0];

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="sm:max-w-5xl">
        <DialogHeader>
          <DialogTitle>Batches</DialogTitle>
          <DialogDescription>Generated and imported batches, newest first.</DialogDescription>
        </DialogHeader>
        {pages.isPending ? (
          <Loading className="py-6" label="Loading batches..." />
        ) : pages.isError && batches.length === 0 ? (
          <p role="alert" className="text-sm text-destructive">
            Could not load the batches. {errorMessage(pages.error)}
          </p>
        ) : batches.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No batches yet.</p>
        ) : (
          <div className="max-h-[60svh] overflow-y-auto">
            <Table aria-label="Batches" containerLabel="Batches">
              <TableHeader>
                <TableRow>
                  <TableHead scope="col">Batch</TableHead>
                  <TableHead scope="col">Factory</TableHead>
                  <TableHead scope="col">Codes</TableHead>
                  <TableHead scope="col" className="text-right">
                    IDs
                  </TableHead>
                  <TableHead scope="col">Created</TableHead>
                  <TableHead scope="col">
                    <span className="sr-only">Actions</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {batches.map((batch) => (
                  <TableRow key={batch.id}>
                    <TableCell className="whitespace-nowrap">
                      <span className="font-medium">{batchLabel(batch.number)}</span>{' '}
                      <span className="text-muted-foreground">
                        {batch.kind === 'generated' ? 'Generated' : 'Imported'}
                      </span>
                    </TableCell>
                    <TableCell className="whitespace-nowrap">{batch.factory.code}</TableCell>
                    <TableCell className="font-mono text-xs whitespace-nowrap">
                      {batch.firstCode}
                      {batch.count > 1 ? ` – ${batch.lastCode}` : ''}
                    </TableCell>
                    <TableCell className="text-right">{batch.count.toLocaleString('en-US')}</TableCell>
                    <TableCell className="whitespace-nowrap">
                      <time dateTime={batch.createdAt}>{formatDate(batch.createdAt)}</time>
                      {batch.createdBy ? (
                        <span className="text-muted-foreground">
                          {' '}
                          by {batch.createdBy.name ?? batch.createdBy.email}
                        </span>
                      ) : null}
                    </TableCell>
                    <TableCell>
                      <div className="flex justify-end gap-1">
                        <Button
                          variant="ghost"
                          size="sm"
                          onClick={() => onShowIds(batch)}
                          aria-label={`Show IDs of ${batchLabel(batch.number)}`}
                        >
                          <ListFilterIcon aria-hidden="true" />
                          Show IDs
                        </Button>
                        <Link
                          to={labelSheetHref({ batchId: batch.id })}
                          className={buttonVariants({ variant: 'ghost', size: 'sm' })}
                          aria-label={`Print labels of ${batchLabel(batch.number)}`}
                        >
                          <PrinterIcon aria-hidden="true" />
                          Print labels
                        </Link>
                      </div>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
        <DialogFooter className="items-center sm:justify-between">
          <p className="text-sm text-muted-foreground">
            {total
              ? `${batches.length.toLocaleString('en-US')} of ${total.total.toLocaleString('en-US')}${total.totalCapped ? '+' : ''} batches shown`
              : ''}
          </p>
          <div className="flex gap-2">
            {pages.hasNextPage ? (
              <Button
                variant="outline"
                onClick={() => void pages.fetchNextPage()}
                disabled={pages.isFetchingNextPage}
                aria-busy={pages.isFetchingNextPage || undefined}
              >
                {pages.isFetchingNextPage ? 'Loading...' : 'Show more'}
              </Button>
            ) : null}
            <Button onClick={onClose}>Close</Button>
          </div>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
