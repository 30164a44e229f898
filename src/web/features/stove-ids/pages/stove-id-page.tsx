import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { AlertTriangleIcon, ArrowLeftIcon, BanIcon, PrinterIcon, SearchXIcon } from 'lucide-react';
import { counted } from '@common/counted';
import { normalizeCode } from '@common/stove-codes';
import type { StoveIdDetail } from '@common/contracts/stove-ids';
import { Button, buttonVariants } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { Loading } from '@web/components/ui/loading';
import { errorMessage, isApiRequestError } from '@web/lib/api-client';
import { formatDateTime } from '@web/lib/format';
import { useStoveId } from '../api/get-stove-id';
import { labelSheetHref } from '../components/label-sheet.model';
import { documentHref } from '../components/stove-id-documents';
import { STOVE_DOCUMENT_LABELS, batchLabel } from '../components/stove-id-format';
import { StoveIdStatusBadge } from '../components/stove-id-status-badge';
import { StoveIdTimeline } from '../components/stove-id-timeline';
import { VoidStoveIdsDialog } from '../components/void-stove-ids-dialog';

const LIST_PATH = '/stove-id/management';

/** Statuses an ID can be voided from (DOMAIN.md: not sold, in transit or already void). */
const VOIDABLE = new Set(['in_stock', 'coupled', 'validated']);

/** One stove ID (/stove-id/management/:code): status, factory, batch, current document and its whole history. */
export function StoveIdPage() {
  const code = normalizeCode(useParams().code ?? '');
  const query = useStoveId(code);

  const back = (
    <Link to={LIST_PATH} className={buttonVariants({ variant: 'ghost', size: 'sm', className: '-ml-3 self-start' })}>
      <ArrowLeftIcon aria-hidden="true" />
      Stove ID Management
    </Link>
  );

  if (query.isPending) {
    return (
      <div className="flex flex-col gap-6">
        {back}
        <Loading className="py-10" label={`Loading ${code}...`} />
      </div>
    );
  }
  if (query.isError) {
    const notFound = isApiRequestError(query.error) && (query.error.status === 404 || query.error.status === 400);
    return (
      <div className="flex flex-col gap-6">
        {back}
        {notFound ? (
          <>
            <h1 className="text-2xl font-semibold tracking-tight">Stove ID not found</h1>
            <EmptyState
              icon={SearchXIcon}
              title={`There is no stove ID ${code}`}
              description="Check the code, or search the list by its first characters."
              action={
                <Link
                  to={`${LIST_PATH}?q=${encodeURIComponent(code)}`}
                  className={buttonVariants({ variant: 'outline' })}
                >
                  Search the list
                </Link>
              }
            />
          </>
        ) : (
          <>
            <h1 className="text-2xl font-semibold tracking-tight">{code}</h1>
            <div
              role="alert"
              className="flex items-center gap-3 rounded-md border border-destructive/40 bg-destructive/5 p-4 text-sm"
            >
              <AlertTriangleIcon className="size-5 shrink-0 text-destructive" aria-hidden="true" />
              <p className="flex-1">Could not load the stove ID. {errorMessage(query.error)}</p>
              <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
                Retry
              </Button>
            </div>
          </>
        )}
      </div>
    );
  }
  return <StoveIdDetailView stoveId={query.data} back={back} />;
}

function StoveIdDetailView({ stoveId, back }: { stoveId: StoveIdDetail; back: ReactNode }) {
  const [voiding, setVoiding] = useState(false);
  const document = stoveId.currentDocument;
  const documentLink = document ? documentHref(document) : null;

  return (
    <div className="flex flex-col gap-6">
      {back}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="font-mono text-2xl font-semibold tracking-tight">{stoveId.code}</h1>
          <StoveIdStatusBadge status={stoveId.status} heldStatus={stoveId.heldStatus} className="text-sm" />
        </div>
        <div className="flex flex-wrap gap-2">
          <Link
            to={labelSheetHref({ codes: [stoveId.code] })}
            className={buttonVariants({ variant: 'outline', size: 'sm' })}
          >
            <PrinterIcon aria-hidden="true" />
            Print label
          </Link>
          {VOIDABLE.has(stoveId.status) ? (
            <Button variant="outline" size="sm" onClick={() => setVoiding(true)}>
              <BanIcon aria-hidden="true" />
              Void
            </Button>
          ) : null}
        </div>
      </div>

      <Card className="py-4">
        <CardContent className="px-4">
          <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2 lg:grid-cols-3" data-testid="stove-id-summary">
            <Detail term="Factory">
              {stoveId.factory.code} {stoveId.factory.name}
            </Detail>
            <Detail term="Batch">
              <Link
                to={`${LIST_PATH}?batchId=${encodeURIComponent(stoveId.batch.id)}`}
                className="underline underline-offset-4"
              >
                {batchLabel(stoveId.batch.number)}
              </Link>{' '}
              <span className="text-muted-foreground">
                ({stoveId.batch.kind === 'generated' ? 'generated' : 'imported'})
              </span>
            </Detail>
            <Detail term="Current document">
              {document ? (
                <>
                  {STOVE_DOCUMENT_LABELS[document.type]}{' '}
                  {documentLink ? (
                    <Link to={documentLink} className="underline underline-offset-4">
                      {document.label}
                    </Link>
                  ) : (
                    document.label
                  )}
                </>
              ) : (
                <span className="text-muted-foreground">None</span>
              )}
            </Detail>
            {stoveId.voidReason ? <Detail term="Void reason">{stoveId.voidReason}</Detail> : null}
            <Detail term="Created">
              <time dateTime={stoveId.createdAt}>{formatDateTime(stoveId.createdAt)}</time>
            </Detail>
            <Detail term="Last change">
              <time dateTime={stoveId.updatedAt}>{formatDateTime(stoveId.updatedAt)}</time>
            </Detail>
          </dl>
        </CardContent>
      </Card>

      <Card className="gap-4 py-4">
        <CardHeader className="px-4">
          <CardTitle>History</CardTitle>
          <p className="text-sm text-muted-foreground">
            Every status change, oldest first ({counted(stoveId.events.length, 'event')}).
          </p>
        </CardHeader>
        <CardContent className="px-4">
          <StoveIdTimeline events={stoveId.events} />
        </CardContent>
      </Card>

      {voiding ? <VoidStoveIdsDialog initialCodes={[stoveId.code]} onClose={() => setVoiding(false)} /> : null}
    </div>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}
