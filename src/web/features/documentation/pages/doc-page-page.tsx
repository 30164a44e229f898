import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ArrowLeftIcon, HistoryIcon, PencilIcon } from 'lucide-react';
import type { DocPage } from '@common/contracts/documentation';
import { Markdown } from '@web/components/markdown/markdown';
import { buttonVariants } from '@web/components/ui/button';
import { Loading } from '@web/components/ui/loading';
import { PageHeader } from '@web/components/ui/page-header';
import { OpenError } from '@web/components/ui/open-error';
import { isApiRequestError } from '@web/lib/api-client';
import { formatDateTime } from '@web/lib/format';
import { useDocPage } from '../api/get-doc-page';
import { useDocPages } from '../api/get-doc-pages';
import { DocPageEditor } from '../components/doc-page-editor';
import { DOCUMENTATION_PATH, DocumentationLayout, docPagePath } from '../components/documentation-layout';
import { personName } from '../components/person-name';

/** Loads the page of the address and shows `children(page)`, or why it cannot. */
function WithDocPage({
  children,
}: {
  children: (page: DocPage, reload: () => Promise<DocPage | undefined>) => ReactNode;
}) {
  const { slug = '' } = useParams();
  const page = useDocPage(slug);
  if (page.isPending) return <Loading className="py-10" />;
  if (page.isError) {
    const missing = isApiRequestError(page.error) && page.error.status === 404;
    return missing ? (
      <OpenError
        heading="Page not found"
        title="There is no documentation page at this address"
        error={page.error}
        onRetry={() => void page.refetch()}
        description="It may have a different address: search for it or pick it on the left."
        action={
          <Link to={DOCUMENTATION_PATH} className={buttonVariants({ variant: 'outline' })}>
            All documentation
          </Link>
        }
      />
    ) : (
      <OpenError
        heading="Documentation"
        title="This page could not be opened"
        error={page.error}
        onRetry={() => void page.refetch()}
      />
    );
  }
  return children(page.data, async () => (await page.refetch()).data);
}

/** One documentation page (/documentation/:slug), with Edit and History. */
export function DocPagePage({ canEdit }: { canEdit: boolean }) {
  return (
    <DocumentationLayout>
      <WithDocPage>
        {(page) => (
          <>
            <PageHeader
              title={page.title}
              description={`${page.section} · version ${page.version}, saved ${formatDateTime(page.updatedAt)} by ${personName(page.updatedBy)}`}
            />
            <div className="flex flex-wrap gap-2">
              {canEdit ? (
                <Link to={`${docPagePath(page.slug)}/edit`} className={buttonVariants({ size: 'sm' })}>
                  <PencilIcon aria-hidden="true" />
                  Edit
                </Link>
              ) : null}
              <Link
                to={`${docPagePath(page.slug)}/history`}
                className={buttonVariants({ variant: 'outline', size: 'sm' })}
              >
                <HistoryIcon aria-hidden="true" />
                History
              </Link>
            </div>
            <article aria-label={page.title} className="max-w-3xl">
              {page.body.trim() ? (
                <Markdown>{page.body}</Markdown>
              ) : (
                <p className="text-sm text-muted-foreground">This page has no text yet.</p>
              )}
            </article>
          </>
        )}
      </WithDocPage>
    </DocumentationLayout>
  );
}

/** Editing a page (/documentation/:slug/edit): Admin only (edit-documentation). */
export function DocPageEditPage() {
  const pages = useDocPages();
  return (
    <DocumentationLayout>
      <WithDocPage>
        {(page, reload) => (
          <>
            <Link
              to={docPagePath(page.slug)}
              className={buttonVariants({ variant: 'link', size: 'sm', className: 'w-fit px-0' })}
            >
              <ArrowLeftIcon aria-hidden="true" />
              Back to {page.title}
            </Link>
            <PageHeader title={`Edit ${page.title}`} />
            <DocPageEditor
              key={page.slug}
              page={page}
              sections={pages.data?.sections.map((s) => s.name) ?? []}
              onReload={reload}
            />
          </>
        )}
      </WithDocPage>
    </DocumentationLayout>
  );
}
