import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { SearchIcon } from 'lucide-react';
import { SEARCH_KIND_LABELS, type SearchHit } from '@common/contracts/search';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog';
import { Loading } from '@web/components/ui/loading';
import { errorMessage } from '@web/lib/api-client';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { cn } from '@web/lib/utils';
import { useSearch } from '../api/search';
import { SEARCH_INPUT_MAX, appPathOf, clampHighlight, hitsSummary, moveHighlight } from './search-dialog.model';

/** How long typing must pause before the search runs (a scanner's code arrives at once). */
const DEBOUNCE_MS = 250;

/**
 * The global search: a Search button (icon-only on phones) and Ctrl/Cmd+K anywhere open a dialog
 * that finds stove IDs, documents by number, partners and users; Enter opens the highlighted hit.
 */
export function GlobalSearch() {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'k' || !(event.ctrlKey || event.metaKey) || event.altKey) return;
      event.preventDefault();
      setOpen(true);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <>
      <Button
        variant="outline"
        size="sm"
        aria-label="Search"
        aria-keyshortcuts="Control+K Meta+K"
        title="Search (Ctrl+K)"
        onClick={() => setOpen(true)}
      >
        <SearchIcon aria-hidden="true" />
        <span className="hidden sm:inline" aria-hidden="true">
          Search
        </span>
        <kbd
          className="hidden rounded border bg-muted px-1 font-sans text-[0.7rem] text-muted-foreground lg:inline"
          aria-hidden="true"
        >
          Ctrl K
        </kbd>
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="top-4 max-w-xl translate-y-0 gap-3 p-4 sm:top-[12vh]">
          <DialogTitle>Search</DialogTitle>
          <DialogDescription>
            A stove ID, a document number (TR-, SR-, SO-, KT-, IN-, RM-, IT-), a partner or a user.
          </DialogDescription>
          <SearchPanel onClose={() => setOpen(false)} />
        </DialogContent>
      </Dialog>
    </>
  );
}

/** The input and its hits; mounted each time the dialog opens, so it starts empty. */
function SearchPanel({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const listId = useId();
  const [text, setText] = useState('');
  const typed = text.trim();
  // A scanned link to this app (a dispatch note's QR code) opens its page; it is not searched for.
  const link = appPathOf(typed, window.location.origin);
  const q = useDebouncedValue(link === null ? typed : '', DEBOUNCE_MS);
  const result = useSearch(q);
  /** The hits of what is typed now (none while the search for it has not answered). */
  const current = q === typed && result.data && !result.isPlaceholderData ? result.data.hits : null;
  const shown = typed === '' ? [] : (result.data?.hits ?? []);
  const [highlight, setHighlight] = useState(0);
  const active = clampHighlight(highlight, shown.length);
  /** Enter pressed before the hits of what was typed arrived (a scanner types the code and Enter at once). */
  const [enterFor, setEnterFor] = useState<string | null>(null);

  const openHit = (hit: SearchHit) => {
    onClose();
    void navigate(hit.path);
  };

  const first = current?.[0];
  useEffect(() => {
    if (enterFor === null || enterFor !== q || !current) return;
    if (first) {
      onClose();
      void navigate(first.path);
    }
  }, [enterFor, q, current, first, onClose, navigate]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const next = moveHighlight(active, shown.length, event.key);
    if (next !== null) {
      event.preventDefault();
      setHighlight(next);
      return;
    }
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (typed === '') return;
    if (link !== null) {
      onClose();
      void navigate(link);
      return;
    }
    const hit = current?.[active];
    if (hit) openHit(hit);
    else if (!current) setEnterFor(typed);
  };

  const waiting = typed !== '' && link === null && !current && !result.isError;
  const optionId = (index: number) => `${listId}-${index}`;

  return (
    <div className="flex min-w-0 flex-col gap-3">
      <div className="relative">
        <SearchIcon
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <input
          role="combobox"
          aria-label="Search for"
          aria-expanded={shown.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={shown.length > 0 ? optionId(active) : undefined}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint="go"
          maxLength={SEARCH_INPUT_MAX}
          placeholder="STV00012347, TR-000012, a name..."
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setHighlight(0);
            setEnterFor(null);
          }}
          onKeyDown={onKeyDown}
          className="flex h-10 w-full min-w-0 rounded-md border border-input bg-background py-1 pr-3 pl-9 text-base shadow-xs outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 md:text-sm"
        />
      </div>
      {typed === '' ? null : link !== null ? (
        <p role="status" className="text-sm text-muted-foreground">
          A link to a page of this app: Enter opens it.
        </p>
      ) : result.isError && !waiting ? (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-destructive">
          <span>The search failed: {errorMessage(result.error)}</span>
          <Button variant="outline" size="sm" onClick={() => void result.refetch()}>
            Try again
          </Button>
        </div>
      ) : waiting && shown.length === 0 ? (
        <Loading className="justify-start py-2" label="Searching..." />
      ) : (
        <p role="status" className="text-sm text-muted-foreground">
          {waiting ? 'Searching...' : hitsSummary(typed, shown.length)}
        </p>
      )}
      <ul
        id={listId}
        role="listbox"
        aria-label="Matches"
        className={cn('-mx-1 flex max-h-[60svh] flex-col gap-0.5 overflow-y-auto', shown.length === 0 && 'hidden')}
      >
        {shown.map((hit, index) => (
          <li
            key={`${hit.kind}:${hit.path}`}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            onMouseMove={() => setHighlight(index)}
            onClick={() => openHit(hit)}
            className={cn(
              'flex min-w-0 cursor-pointer flex-col rounded-md px-3 py-2',
              index === active && 'bg-accent text-accent-foreground',
            )}
          >
            <span className="flex min-w-0 flex-wrap items-baseline gap-x-2">
              <span className="font-medium break-all">{hit.title}</span>
              <span className="text-xs text-muted-foreground">{SEARCH_KIND_LABELS[hit.kind]}</span>
            </span>
            <span className="text-sm break-words text-muted-foreground">{hit.subtitle}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
