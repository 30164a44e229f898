import type { MouseEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ArrowLeftIcon } from 'lucide-react';
import { Markdown } from '@web/components/markdown/markdown';
import { buttonVariants } from '@web/components/ui/button';
import { Loading } from '@web/components/ui/loading';
import { PageHeader } from '@web/components/ui/page-header';
import { OpenError } from '@web/components/ui/open-error';
import { isApiRequestError } from '@web/lib/api-client';
import { useAppDocPage } from '../api/get-app-doc-page';
import { APP_DOC_PATH } from '../components/app-doc-links';

/** Links inside the guide to the guide or to a screen open inside the app, without a reload. */
function useInAppLinks() {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLElement>) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    const anchor = (event.target as HTMLElement).closest('a');
    const href = anchor?.getAttribute('href');
    if (!anchor || !href?.startsWith('/') || href.startsWith('//') || anchor.target) return;
    event.preventDefault();
    void navigate(href);
  };
}

/** One page of the guide (/app-doc/:slug), its Markdown rendered; its links lead to other pages and screens. */
export function AppDocArticlePage() {
  const { slug = '' } = useParams();
  const page = useAppDocPage(slug);
  const onClick = useInAppLinks();

  return (
    <div className="flex flex-col gap-6">
      <Link to={APP_DOC_PATH} className={buttonVariants({ variant: 'link', size: 'sm', className: 'w-fit px-0' })}>
        <ArrowLeftIcon aria-hidden="true" />
        Back to App Doc
      </Link>
      {page.isPending ? (
        <Loading className="py-10" />
      ) : page.isError ? (
        <OpenError
          heading="App Doc"
          title={
            isApiRequestError(page.error) && page.error.status === 404
              ? 'There is no guide page at this address'
              : 'This guide page could not be opened'
          }
          error={page.error}
          onRetry={() => void page.refetch()}
        />
      ) : (
        <>
          <PageHeader
            title={page.data.title}
            description={page.data.kind === 'screen' ? 'Screen guide' : 'Daily tasks'}
          />
          {/* Clicks on the links inside are handled here (Enter on a focused link is a click too). */}
          <article aria-label={page.data.title} className="max-w-3xl" onClick={onClick}>
            <Markdown>{stripTitle(page.data.markdown)}</Markdown>
          </article>
        </>
      )}
    </div>
  );
}

/** The Markdown without its first "# Title" line: the page header shows the title. */
function stripTitle(markdown: string): string {
  return markdown.replace(/^#\s[^\n]*\n+/, '');
}
