import { useId } from 'react';
import { Link } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import { SearchXIcon } from 'lucide-react';
import { plural } from '@common/counted';
import type { SnippetPart } from '@common/contracts/documentation';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { Loading } from '@web/components/ui/loading';
import { errorMessage } from '@web/lib/api-client';
import { cn } from '@web/lib/utils';

/** A search result's snippet: plain text with the words found highlighted (never HTML). */
function SearchSnippet({ parts, className }: { parts: readonly SnippetPart[]; className?: string }) {
  return (
    <p className={cn('text-sm text-muted-foreground', className)}>
      {parts.map((part, index) =>
        part.match ? (
          <mark key={index} className="rounded-sm bg-yellow-200 px-0.5 text-foreground dark:bg-yellow-500/40">
            {part.text}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}

/** One found page as a result list shows it. */
export interface SearchHit {
  key: string;
  /** Where its title links. */
  to: string;
  title: string;
  /** Beside the title: its section, or what kind of page it is. */
  tag: string;
  snippet: readonly SnippetPart[];
}

/**
 * The results of a full-text search (Documentation, App Doc): searching, a failure with Try again,
 * the count found for the words as a heading, nothing found, or each hit with its snippet.
 */
export function SearchResults<T>({
  q,
  result,
  noun,
  hit,
}: {
  q: string;
  result: UseQueryResult<{ items: T[] }>;
  /** What was found, one and many: ['page', 'pages']. */
  noun: readonly [string, string];
  hit: (item: T) => SearchHit;
}) {
  const headingId = useId();
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
  const hits = result.data.items.map(hit);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3" aria-busy={result.isFetching}>
      <h2 id={headingId} className="text-lg font-semibold">
        {hits.length === 0
          ? `No ${noun[1]} found for “${q}”`
          : `${hits.length} ${plural(hits.length, noun[0], noun[1])} found for “${q}”`}
      </h2>
      {hits.length === 0 ? (
        <EmptyState
          icon={SearchXIcon}
          headingLevel="h3"
          title="Nothing matches"
          description="Try fewer or other words, or the start of a word."
        />
      ) : (
        <ol className="flex flex-col gap-3">
          {hits.map((h) => (
            <li key={h.key} className="rounded-lg border p-4">
              <div className="flex flex-wrap items-baseline gap-x-2">
                <Link to={h.to} className="font-medium text-primary underline-offset-4 hover:underline">
                  {h.title}
                </Link>
                <span className="text-xs text-muted-foreground">{h.tag}</span>
              </div>
              <SearchSnippet parts={h.snippet} className="mt-1" />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
