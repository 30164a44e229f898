import { useState } from 'react';
import { MailIcon } from 'lucide-react';
import type { MailDelivery, OutboxMail } from '@common/contracts/mail';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { EmptyState } from '@web/components/ui/empty-state';
import { LoadError } from '@web/components/ui/load-error';
import { Skeleton } from '@web/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { formatDateTime } from '@web/lib/format';
import { useOutbox } from '../api/get-outbox';
import { deliveryText, statusLabel } from './outbox-labels.model';

/**
 * The Outbox (Admin): where mail goes, and the newest 200 mails newest first (when, to, subject,
 * state); **Read** opens one with its body and working links (the demo's way to follow a mailed link).
 */
export function OutboxPanel() {
  const outbox = useOutbox();
  const [open, setOpen] = useState<OutboxMail | null>(null);
  const data = outbox.data;

  return (
    <div className="flex min-w-0 flex-col gap-4" data-testid="outbox-panel">
      {outbox.error && !outbox.isFetching ? (
        <LoadError what="the Outbox" error={outbox.error} onRetry={() => void outbox.refetch()} />
      ) : null}
      {data ? (
        <>
          <p className="text-sm text-muted-foreground" data-testid="mail-delivery">
            {deliveryText(data.delivery)}
          </p>
          {data.items.length === 0 ? (
            <EmptyState
              icon={MailIcon}
              title="No mail yet"
              description="Mail the application sends, such as password recovery links, shows here."
            />
          ) : (
            <Table containerLabel="Outbox" aria-label="Outbox">
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead scope="col">Queued</TableHead>
                  <TableHead scope="col">To</TableHead>
                  <TableHead scope="col">Subject</TableHead>
                  <TableHead scope="col">State</TableHead>
                  <TableHead scope="col">
                    <span className="sr-only">Read</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.items.map((mail) => (
                  <TableRow key={mail.id}>
                    <TableCell>
                      <time dateTime={mail.queuedAt}>{formatDateTime(mail.queuedAt)}</time>
                    </TableCell>
                    <TableCell className="wrap-anywhere">{mail.to}</TableCell>
                    <TableCell className="max-w-80 min-w-40 whitespace-normal">{mail.subject}</TableCell>
                    <TableCell className="max-w-80 min-w-32 whitespace-normal">
                      <MailState mail={mail} delivery={data.delivery} />
                    </TableCell>
                    <TableCell>
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => setOpen(mail)}
                        aria-label={`Read "${mail.subject}" to ${mail.to}`}
                      >
                        Read
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
          <MailDialog mail={open} onClose={() => setOpen(null)} />
        </>
      ) : outbox.error ? null : (
        <div role="status" aria-label="Loading the Outbox" className="flex flex-col gap-2">
          <Skeleton className="h-5 w-3/4" />
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-10 w-full" />
          ))}
        </div>
      )}
    </div>
  );
}

function MailState({ mail, delivery }: { mail: OutboxMail; delivery: MailDelivery }) {
  const label = statusLabel(mail, delivery);
  if (mail.status === 'failed') return <span className="text-destructive">{label}</span>;
  if (mail.status === 'sent') return <Badge variant={delivery === 'smtp' ? 'success' : 'secondary'}>{label}</Badge>;
  return <span>{label}</span>;
}

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/** The body as written, its web addresses as links. */
function MailBody({ body }: { body: string }) {
  return (
    <p className="text-sm whitespace-pre-wrap wrap-anywhere" data-testid="mail-body">
      {body.split(URL_PATTERN).map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={part} className="text-primary underline underline-offset-4">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </p>
  );
}

function MailDialog({ mail, onClose }: { mail: OutboxMail | null; onClose: () => void }) {
  return (
    <Dialog open={mail !== null} onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}>
      <DialogContent className="max-h-[90svh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle className="wrap-anywhere">{mail?.subject ?? 'Mail'}</DialogTitle>
          <DialogDescription className="wrap-anywhere">
            {mail ? `To ${mail.to}, queued ${formatDateTime(mail.queuedAt)}.` : null}
          </DialogDescription>
        </DialogHeader>
        {mail ? <MailBody body={mail.body} /> : null}
      </DialogContent>
    </Dialog>
  );
}
