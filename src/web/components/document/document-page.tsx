import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import { ArrowLeftIcon } from 'lucide-react';
import { buttonVariants } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Loading } from '@web/components/ui/loading';
import { OpenError } from '@web/components/ui/open-error';
import { PageHeader } from '@web/components/ui/page-header';
import { formatDateTime } from '@web/lib/format';
import { cn } from '@web/lib/utils';
import type { BackLink } from './document.model';

/*
 * The frame of a document's page (a stove report, a stove transfer, a sales order): Back, the
 * document loading or failing to open, then its header (number, status, actions), its details
 * (parties, dates) and its stove IDs (DocumentStoveIds). What is on screen carries
 * `data-document-screen`, so a page that prints a document of its own hides the rest in print.
 */

/** Back, then the document once loaded (`children`), or why it could not be opened. */
export function DocumentPage<T>({
  back,
  query,
  heading,
  errorTitle,
  loading = <Loading className="py-10" />,
  children,
}: {
  back: BackLink;
  query: UseQueryResult<T>;
  /** The page's heading while there is no document to name it: "Stove report". */
  heading: string;
  /** "This stove report could not be opened". */
  errorTitle: string;
  /** While the document loads. */
  loading?: ReactNode;
  children: (document: T) => ReactNode;
}) {
  return (
    <div className="flex flex-col gap-6">
      <Link
        to={back.to}
        data-document-screen
        className={buttonVariants({ variant: 'link', size: 'sm', className: 'w-fit px-0' })}
      >
        <ArrowLeftIcon aria-hidden="true" />
        Back to {back.title}
      </Link>
      {query.isPending ? (
        loading
      ) : query.isError ? (
        <OpenError heading={heading} title={errorTitle} error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        children(query.data)
      )}
    </div>
  );
}

/** The document on screen, then what its page prints instead (e.g. a delivery note), if anything. */
export function DocumentView({ print, children }: { print?: ReactNode; children: ReactNode }) {
  return (
    <>
      <div data-document-screen className="flex flex-col gap-6">
        {children}
      </div>
      {print}
    </>
  );
}

/**
 * The document's title (its kind and number) with its status, and its actions beside them when
 * given. With `phoneActions="below"` a phone shows them instead in the page's DocumentActions bar
 * (`phoneOnly`), which stays in reach at the bottom of the screen.
 */
export function DocumentHeader({
  title,
  status,
  actions,
  phoneActions = 'beside',
}: {
  title: string;
  status: ReactNode;
  actions?: ReactNode;
  phoneActions?: 'beside' | 'below';
}) {
  const heading = (
    <div className="flex flex-wrap items-center gap-3">
      <PageHeader title={title} />
      {status}
    </div>
  );
  if (!actions) return heading;
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-start sm:justify-between">
      {heading}
      <section aria-label="Actions" className={cn('flex flex-wrap gap-2', phoneActions === 'below' && 'max-md:hidden')}>
        {actions}
      </section>
    </div>
  );
}

/**
 * What can be done with the document, under its details. On a phone, while the place they stand
 * in is below the screen, they stay in a bar at its bottom, in reach without scrolling. `phoneOnly`:
 * the bar of a page whose actions stand beside its title on a wider screen (see DocumentHeader).
 */
export function DocumentActions({ children, phoneOnly = false }: { children: ReactNode; phoneOnly?: boolean }) {
  return (
    <section
      aria-label="Actions"
      className={cn(
        'flex flex-wrap gap-2 max-md:sticky max-md:bottom-0 max-md:z-10 max-md:-mx-4 max-md:border-t max-md:bg-background max-md:px-4 max-md:py-3',
        phoneOnly && 'md:hidden',
      )}
    >
      {children}
    </section>
  );
}

/** The "Details" card: the document's facts (DocumentDetail each). */
export function DocumentDetails({ children }: { children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Details</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2 lg:grid-cols-3">{children}</dl>
      </CardContent>
    </Card>
  );
}

/** One fact of the document: its term and its value. */
export function DocumentDetail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-muted-foreground">{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** When something happened to the document and who did it: "12 Mar 2026, 10:04 by Ann". */
export function DocumentEvent({ at, by }: { at: string; by: string }) {
  return (
    <>
      <time dateTime={at}>{formatDateTime(at)}</time> by {by}
    </>
  );
}
