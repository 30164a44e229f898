import { useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { SearchIcon } from 'lucide-react';
import type { AppDocSummary } from '@common/contracts/app-doc';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Loading } from '@web/components/ui/loading';
import { PageHeader } from '@web/components/ui/page-header';
import { SearchResults } from '@web/components/ui/search-results';
import { errorMessage } from '@web/lib/api-client';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { useAppDocIndex } from '../api/get-app-doc-index';
import { useSearchAppDoc } from '../api/search-app-doc';
import { appDocPath } from '../components/app-doc-links';

/** App Doc (/app-doc): the user guide's pages, "Screens" and "Daily tasks by group", and its search (?q=). */
export function AppDocPage({ title }: { title: string }) {
  const searchId = useId();
  const [params, setParams] = useSearchParams();
  const urlQ = params.get('q') ?? '';
  const [text, setText] = useState(urlQ);
  const q = useDebouncedValue(text, 300).trim();

  useEffect(() => {
    if (q !== urlQ) setParams(q ? { q } : {}, { replace: true });
  }, [q, urlQ, setParams]);

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={title}
        description="The user guide of this application: what each screen is for and how to do the daily tasks."
      />
      <div className="flex max-w-md flex-col gap-2" role="search">
        <Label htmlFor={searchId}>Search the guide</Label>
        <div className="relative">
          <SearchIcon
            className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id={searchId}
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="e.g. transfer, void, password"
            className="pl-8"
            autoComplete="off"
          />
        </div>
      </div>
      {urlQ.trim() ? <AppDocSearchResults q={urlQ.trim()} /> : <GuideIndex />}
    </div>
  );
}

function GuideIndex() {
  const index = useAppDocIndex();
  if (index.isPending) return <Loading className="py-10" />;
  if (index.isError) {
    return (
      <EmptyState
        title="The guide could not be loaded"
        description={errorMessage(index.error)}
        action={
          <Button variant="outline" onClick={() => void index.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }
  const screens = index.data.items.filter((p) => p.kind === 'screen');
  const groups = index.data.items.filter((p) => p.kind === 'group');
  return (
    <div className="grid gap-4 lg:grid-cols-[2fr_1fr] lg:items-start">
      <PageList title="Screens" pages={screens} columns />
      <PageList title="Daily tasks by group" pages={groups} />
    </div>
  );
}

function PageList({ title, pages, columns = false }: { title: string; pages: AppDocSummary[]; columns?: boolean }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className={columns ? 'grid gap-x-6 gap-y-1.5 text-sm sm:grid-cols-2' : 'flex flex-col gap-1.5 text-sm'}>
          {pages.map((page) => (
            <li key={page.slug}>
              <Link to={appDocPath(page.slug)} className="text-primary underline-offset-4 hover:underline">
                {page.title}
              </Link>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function AppDocSearchResults({ q }: { q: string }) {
  return (
    <SearchResults
      q={q}
      result={useSearchAppDoc(q)}
      noun={['guide page', 'guide pages']}
      hit={(item) => ({
        key: item.slug,
        to: appDocPath(item.slug),
        title: item.title,
        tag: item.kind === 'screen' ? 'Screen' : 'Daily tasks',
        snippet: item.snippet,
      })}
    />
  );
}
