import { Link, useSearchParams } from 'react-router';
import { BookOpenIcon, PlusIcon, SearchXIcon } from 'lucide-react';
import { Button, buttonVariants } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { Loading } from '@web/components/ui/loading';
import { PageHeader } from '@web/components/ui/page-header';
import { SearchSnippet } from '@web/components/ui/search-snippet';
import { errorMessage } from '@web/lib/api-client';
import { useDocPages } from '../api/get-doc-pages';
import { useSearchDocs } from '../api/search-docs';
import { DocPageEditor } from '../components/doc-page-editor';
import { DOCUMENTATION_PATH, DocumentationLayout, docPagePath } from '../components/documentation-layout';

/**
 * Documentation (/documentation): the company's pages by section, the search results (?q=) and,
 * for editors, a new page (?new=1).
 */
export function DocumentationPage({ title, canEdit }: { title: string; canEdit: boolean }) {
  const [params] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const creating = canEdit && params.get('new') === '1';

  return (
    <DocumentationLayout>
      {creating ? (
        <NewDocPage />
      ) : (
        <>
          <PageHeader title={title} description="The company's own pages: procedures, checklists and rules." />
          {canEdit ? (
            <Link to={`${DOCUMENTATION_PATH}?new=1`} className={buttonVariants({ size: 'sm', className: 'w-fit' })}>
              <PlusIcon aria-hidden="true" />
              New page
            </Link>
          ) : null}
          {q ? <SearchResults q={q} /> : <SectionsOverview canEdit={canEdit} />}
        </>
      )}
    </DocumentationLayout>
  );
}

function NewDocPage() {
  const pages = useDocPages();
  return (
    <>
      <PageHeader title="New documentation page" />
      <DocPageEditor page={null} sections={pages.data?.sections.map((s) => s.name) ?? []} />
    </>
  );
}

function SearchResults({ q }: { q: string }) {
  const result = useSearchDocs(q);
  if (result.isPending) return <Loading className="py-10" label="Searching..." />;
  if (result.isError) {
    return (
      <EmptyState
        title="The search failed"
        description={errorMessage(result.error)}
        action={
          <Button variant="outline" onClick={() => void result.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }
  const items = result.data.items;
  return (
    <section aria-labelledby="doc-results" className="flex flex-col gap-3" aria-busy={result.isFetching}>
      <h2 id="doc-results" className="text-lg font-semibold">
        {items.length === 0
          ? `No pages found for “${q}”`
          : `${items.length} ${items.length === 1 ? 'page' : 'pages'} found for “${q}”`}
      </h2>
      {items.length === 0 ? (
        <EmptyState
          icon={SearchXIcon}
          headingLevel="h3"
          title="Nothing matches"
          description="Try fewer or other words, or the start of a word."
        />
      ) : (
        <ol className="flex flex-col gap-3">
          {items.map((item) => (
            <li key={item.slug} className="rounded-lg border p-4">
              <div className="flex flex-wrap items-baseline gap-x-2">
                <Link
                  to={docPagePath(item.slug)}
                  className="font-medium text-primary underline-offset-4 hover:underline"
                >
                  {item.title}
                </Link>
                <span className="text-xs text-muted-foreground">{item.section}</span>
              </div>
              <SearchSnippet parts={item.snippet} className="mt-1" />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function SectionsOverview({ canEdit }: { canEdit: boolean }) {
  const pages = useDocPages();
  if (pages.isPending) return <Loading className="py-10" />;
  if (pages.isError) {
    return (
      <EmptyState
        title="The pages could not be loaded"
        description={errorMessage(pages.error)}
        action={
          <Button variant="outline" onClick={() => void pages.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }
  if (pages.data.sections.length === 0) {
    return (
      <EmptyState
        icon={BookOpenIcon}
        title="No pages yet"
        description={canEdit ? 'Write the first page with New page.' : 'An administrator writes the pages.'}
      />
    );
  }
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {pages.data.sections.map((section) => (
        <Card key={section.name}>
          <CardHeader>
            <CardTitle className="text-base">{section.name}</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="flex flex-col gap-1.5 text-sm">
              {section.pages.map((page) => (
                <li key={page.slug}>
                  <Link to={docPagePath(page.slug)} className="text-primary underline-offset-4 hover:underline">
                    {page.title}
                  </Link>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
