import { Link, useSearchParams } from 'react-router';
import { BookOpenIcon, PlusIcon } from 'lucide-react';
import { Button, buttonVariants } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { Loading } from '@web/components/ui/loading';
import { PageHeader } from '@web/components/ui/page-header';
import { SearchResults } from '@web/components/ui/search-results';
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
          {q ? <DocSearchResults q={q} /> : <SectionsOverview canEdit={canEdit} />}
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

function DocSearchResults({ q }: { q: string }) {
  return (
    <SearchResults
      q={q}
      result={useSearchDocs(q)}
      noun={['page', 'pages']}
      hit={(item) => ({
        key: item.slug,
        to: docPagePath(item.slug),
        title: item.title,
        tag: item.section,
        snippet: item.snippet,
      })}
    />
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
