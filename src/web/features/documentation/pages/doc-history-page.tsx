import { Link, useParams } from 'react-router';
import { ArrowLeftIcon } from 'lucide-react';
import { Markdown } from '@web/components/markdown/markdown';
import { Badge } from '@web/components/ui/badge';
import { Button, buttonVariants } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { Loading } from '@web/components/ui/loading';
import { PageHeader } from '@web/components/ui/page-header';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { OpenError } from '@web/components/ui/open-error';
import { errorMessage } from '@web/lib/api-client';
import { formatDateTime } from '@web/lib/format';
import { useDocHistory } from '../api/get-doc-history';
import { useDocRevision } from '../api/get-doc-revision';
import { DocumentationLayout, docPagePath } from '../components/documentation-layout';
import { personName } from '../components/person-name';

function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className={buttonVariants({ variant: 'link', size: 'sm', className: 'w-fit px-0' })}>
      <ArrowLeftIcon aria-hidden="true" />
      {label}
    </Link>
  );
}

/** A page's versions, newest first (/documentation/:slug/history). */
export function DocHistoryPage() {
  const { slug = '' } = useParams();
  const history = useDocHistory(slug);
  const latest = history.data?.items[0];

  return (
    <DocumentationLayout>
      <BackLink to={docPagePath(slug)} label={latest ? `Back to ${latest.title}` : 'Back to the page'} />
      <PageHeader title={latest ? `History of ${latest.title}` : 'Page history'} />
      {history.isPending ? (
        <Loading className="py-10" />
      ) : history.isError ? (
        <EmptyState
          title="The history could not be loaded"
          description={errorMessage(history.error)}
          action={
            <Button variant="outline" onClick={() => void history.refetch()}>
              Try again
            </Button>
          }
        />
      ) : (
        <Table aria-label="Versions" containerLabel="Versions">
          <TableHeader>
            <TableRow>
              <TableHead>Version</TableHead>
              <TableHead>Saved</TableHead>
              <TableHead>By</TableHead>
              <TableHead>Title</TableHead>
              <TableHead>Section</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {history.data.items.map((revision, index) => (
              <TableRow key={revision.version}>
                <TableCell>
                  <Link
                    to={`${docPagePath(slug)}/history/${revision.version}`}
                    className="font-medium text-primary underline-offset-4 hover:underline"
                  >
                    Version {revision.version}
                  </Link>
                  {index === 0 ? (
                    <Badge variant="secondary" className="ml-2">
                      Current
                    </Badge>
                  ) : null}
                </TableCell>
                <TableCell>{formatDateTime(revision.editedAt)}</TableCell>
                <TableCell>{personName(revision.editedBy)}</TableCell>
                <TableCell>{revision.title}</TableCell>
                <TableCell>{revision.section}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </DocumentationLayout>
  );
}

/** The text of one version (/documentation/:slug/history/:version). */
export function DocRevisionPage() {
  const { slug = '', version = '' } = useParams();
  const revision = useDocRevision(slug, version);

  return (
    <DocumentationLayout>
      <BackLink to={`${docPagePath(slug)}/history`} label="Back to the history" />
      {revision.isPending ? (
        <Loading className="py-10" />
      ) : revision.isError ? (
        <OpenError
          heading={`Version ${version}`}
          title="This version could not be opened"
          error={revision.error}
          onRetry={() => void revision.refetch()}
        />
      ) : (
        <>
          <PageHeader
            title={`${revision.data.title}: version ${revision.data.version}`}
            description={`${revision.data.section} · saved ${formatDateTime(revision.data.editedAt)} by ${personName(revision.data.editedBy)}`}
          />
          <article aria-label={`Version ${revision.data.version}`} className="max-w-3xl rounded-md border p-4">
            {revision.data.body.trim() ? (
              <Markdown>{revision.data.body}</Markdown>
            ) : (
              <p className="text-sm text-muted-foreground">This version has no text.</p>
            )}
          </article>
        </>
      )}
    </DocumentationLayout>
  );
}
