import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { useUrlSearchParams } from '@web/lib/use-url-search-params';
import type { SortDirection } from '@common/contracts/list';
import {
  hasSearchOrFilters,
  listApiParams,
  listExportQuery,
  parseListState,
  readCursorStack,
  withCursorStack,
  writeListState,
  type CursorStack,
  type FilterConfig,
  type FilterValues,
  type ListApiParams,
  type ListState,
  type ListStateConfig,
} from './list-state.model';

export const SEARCH_DEBOUNCE_MS = 300;

/**
 * What a list view gets from `useListState`. Written with method signatures so a controller of a
 * particular list can be passed where `ListController` (any list) is expected.
 */
export interface ListController<S extends string = string, FC extends FilterConfig = FilterConfig> {
  state: ListState<S, FC>;
  /** The list endpoint's query parameters (search, sort, filters, page size, cursor). */
  apiParams: ListApiParams;
  /** The export's query string (search, sort, filters; no paging). */
  exportQuery: string;
  /** The search box's text: follows typing at once; the URL follows after a pause. */
  searchInput: string;
  setSearchInput(this: void, value: string): void;
  /** Sorts by `key`, ascending; again on the same key flips the direction. */
  sortBy(this: void, key: S): void;
  setSort(this: void, key: S, dir: SortDirection): void;
  setFilter<K extends keyof FC & string>(this: void, name: K, value: FilterValues<FC>[K] | undefined): void;
  setLimit(this: void, limit: number): void;
  clearSearchAndFilters(this: void): void;
  hasSearchOrFilters: boolean;
  goNext(this: void, nextCursor: string): void;
  goPrevious(this: void): void;
  goFirst(this: void): void;
  canGoPrevious: boolean;
  /** 1-based page number, or null on a page opened from a link (its position is unknown). */
  pageNumber: number | null;
}

/**
 * Keeps a server-side list's search, sort, page size, keyset cursor and filters in the URL.
 * Changing the search, a filter, the sort or the page size goes back to the first page.
 * `config` must be stable (declare it at module level).
 */
export function useListState<const S extends string, const FC extends FilterConfig>(
  config: ListStateConfig<S, FC>,
): ListController<S, FC> {
  const [searchParams, updateSearchParams] = useUrlSearchParams();
  const location = useLocation();
  const historyState: unknown = location.state;
  const state = useMemo(() => parseListState(searchParams, config), [searchParams, config]);
  const cursorStack = useMemo(() => readCursorStack(historyState), [historyState]);

  /**
   * Writes the list state that `change` makes of the latest one: a change builds on the one before
   * it even when the page has not rendered that one yet (two dates filled quickly).
   */
  const apply = useCallback(
    (
      change: (latest: ListState<S, FC>) => ListState<S, FC>,
      options: { stack?: CursorStack; replace?: boolean } = {},
    ) => {
      updateSearchParams((latest) => writeListState(latest, change(parseListState(latest, config)), config), {
        replace: options.replace ?? false,
        preventScrollReset: true,
        state: withCursorStack(historyState, options.stack ?? []),
      });
    },
    [updateSearchParams, config, historyState],
  );

  /** A new question: back to the first page. */
  const applyFromStart = useCallback(
    (change: (latest: ListState<S, FC>) => Partial<ListState<S, FC>>, replace = false) => {
      apply((latest) => ({ ...latest, ...change(latest), cursor: undefined }), { replace });
    },
    [apply],
  );

  // The search box: typed text shows at once; the URL (and the request) follows after a pause.
  const [search, setSearch] = useState({ input: state.q, urlQ: state.q, committed: state.q });
  let searchInput = search.input;
  if (search.urlQ !== state.q) {
    // The URL changed: adopt it unless it is our own debounced write arriving.
    const external = state.q !== search.committed;
    const next = { input: external ? state.q : search.input, urlQ: state.q, committed: state.q };
    setSearch(next);
    searchInput = next.input;
  }

  useEffect(() => {
    const wanted = searchInput.trim();
    if (wanted === state.q) return;
    const timer = setTimeout(() => {
      setSearch((s) => ({ ...s, committed: wanted }));
      applyFromStart(() => ({ q: wanted }), true);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchInput, state.q, applyFromStart]);

  return {
    state,
    apiParams: listApiParams(state),
    exportQuery: listExportQuery(state),
    searchInput,
    setSearchInput: (value) => setSearch((s) => ({ ...s, input: value })),
    sortBy: (key) =>
      applyFromStart((latest) => ({
        sort: key,
        dir: latest.sort === key && latest.dir === 'asc' ? 'desc' : 'asc',
      })),
    setSort: (key, dir) => applyFromStart(() => ({ sort: key, dir })),
    setFilter: (name, value) =>
      applyFromStart((latest) => {
        const filters = { ...latest.filters };
        if (value) filters[name] = value;
        else delete filters[name];
        return { filters };
      }),
    setLimit: (limit) => applyFromStart(() => ({ limit })),
    clearSearchAndFilters: () => {
      setSearch({ input: '', urlQ: state.q, committed: '' });
      applyFromStart(() => ({ q: '', filters: {} }));
    },
    hasSearchOrFilters: hasSearchOrFilters(state),
    // Paging moves from the page shown: the cursors are of its rows.
    goNext: (nextCursor) =>
      apply((latest) => ({ ...latest, cursor: nextCursor }), { stack: [...cursorStack, state.cursor ?? null] }),
    goPrevious: () => {
      const stack = cursorStack.slice(0, -1);
      const previous = cursorStack.at(-1);
      apply((latest) => ({ ...latest, cursor: previous ?? undefined }), { stack });
    },
    goFirst: () => apply((latest) => ({ ...latest, cursor: undefined })),
    canGoPrevious: state.cursor !== undefined && cursorStack.length > 0,
    pageNumber: state.cursor === undefined ? 1 : cursorStack.length > 0 ? cursorStack.length + 1 : null,
  };
}
