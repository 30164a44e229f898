import { useEffect, useId, useState, type ReactNode } from 'react';
import { NavLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ChevronDownIcon, SearchIcon } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@web/components/ui/collapsible';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Skeleton } from '@web/components/ui/skeleton';
import { errorMessage } from '@web/lib/api-client';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { useIsMobile } from '@web/lib/use-is-mobile';
import { cn } from '@web/lib/utils';
import { useDocPages } from '../api/get-doc-pages';

export const DOCUMENTATION_PATH = '/documentation';
export const docPagePath = (slug: string) => `${DOCUMENTATION_PATH}/${slug}`;

const SEARCH_DELAY_MS = 300;

/**
 * Every documentation screen: the search box and the pages by section on the left (a "Pages"
 * button opens them on a phone), the screen itself on the right.
 */
export function DocumentationLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <div className="flex flex-col gap-6 md:grid md:grid-cols-[15rem_minmax(0,1fr)] md:items-start lg:grid-cols-[17rem_minmax(0,1fr)]">
      <aside aria-label="Documentation" className="flex flex-col gap-4 md:sticky md:top-4">
        {/* A new box per screen: it starts from the screen's own search. */}
        <DocSearchBox key={pathname} />
        <DocNav />
      </aside>
      <div className="flex min-w-0 flex-col gap-6">{children}</div>
    </div>
  );
}

/**
 * The search: typed words (debounced) go to /documentation?q=…, where the results show. On the
 * documentation home the address follows the box; elsewhere the first word typed opens the results.
 */
function DocSearchBox() {
  const id = useId();
  const navigate = useNavigate();
  const onHome = useLocation().pathname === DOCUMENTATION_PATH;
  const [params, setParams] = useSearchParams();
  const urlQ = params.get('q') ?? '';
  const [text, setText] = useState(onHome ? urlQ : '');
  const q = useDebouncedValue(text, SEARCH_DELAY_MS).trim();

  useEffect(() => {
    if (onHome) {
      if (q !== urlQ) setParams(q ? { q } : {}, { replace: true });
    } else if (q) {
      void navigate(`${DOCUMENTATION_PATH}?q=${encodeURIComponent(q)}`);
    }
  }, [q, onHome, urlQ, setParams, navigate]);

  return (
    <div className="flex flex-col gap-2" role="search">
      <Label htmlFor={id}>Search documentation</Label>
      <div className="relative">
        <SearchIcon
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          id={id}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Words to find"
          className="pl-8"
          autoComplete="off"
        />
      </div>
    </div>
  );
}

/** The pages by section; collapsed behind a "Pages" button on a phone, closing after a choice. */
function DocNav() {
  const navId = useId();
  const isMobile = useIsMobile();
  const [open, setOpen] = useState(false);
  const pages = useDocPages();
  const count = pages.data?.sections.reduce((n, s) => n + s.pages.length, 0);

  return (
    <Collapsible open={!isMobile || open} onOpenChange={setOpen}>
      {isMobile ? (
        <CollapsibleTrigger asChild>
          <Button variant="outline" className="w-full justify-between">
            Pages{count !== undefined ? ` (${count})` : ''}
            <ChevronDownIcon className={cn('transition-transform', open && 'rotate-180')} aria-hidden="true" />
          </Button>
        </CollapsibleTrigger>
      ) : null}
      <CollapsibleContent>
        <nav aria-label="Documentation pages" className={cn('flex flex-col gap-4', isMobile && 'pt-3')}>
          {pages.isPending ? (
            <div className="flex flex-col gap-2" role="status" aria-label="Loading pages">
              <Skeleton className="h-4 w-24" />
              <Skeleton className="h-4 w-40" />
              <Skeleton className="h-4 w-32" />
            </div>
          ) : pages.isError ? (
            <p role="alert" className="text-sm text-destructive">
              The pages could not be loaded: {errorMessage(pages.error)}{' '}
              <Button variant="link" size="sm" className="h-auto px-0" onClick={() => void pages.refetch()}>
                Try again
              </Button>
            </p>
          ) : pages.data.sections.length === 0 ? (
            <p className="text-sm text-muted-foreground">No pages yet.</p>
          ) : (
            pages.data.sections.map((section, index) => (
              <div key={section.name} className="flex flex-col gap-1">
                <p
                  id={`${navId}-${index}`}
                  className="text-xs font-semibold tracking-wide text-muted-foreground uppercase"
                >
                  {section.name}
                </p>
                <ul className="flex flex-col" aria-labelledby={`${navId}-${index}`}>
                  {section.pages.map((page) => (
                    <li key={page.slug}>
                      <NavLink
                        to={docPagePath(page.slug)}
                        onClick={() => setOpen(false)}
                        className={({ isActive }) =>
                          cn(
                            'block rounded-md px-2 py-1.5 text-sm hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
                            isActive && 'bg-accent font-medium text-accent-foreground',
                          )
                        }
                      >
                        {page.title}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </div>
            ))
          )}
        </nav>
      </CollapsibleContent>
    </Collapsible>
  );
}
