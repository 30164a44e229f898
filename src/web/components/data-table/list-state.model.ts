/**
 * The state of a server-side list (search, sort, direction, page size, keyset cursor, filters)
 * and how it reads from and writes to the URL, so a view can be bookmarked and shared.
 * Pure functions: the hook `useListState` wires them to the router.
 */
import { plural } from '@common/counted';
import { LIST_PAGE_SIZE_DEFAULT, LIST_PAGE_SIZE_MAX, type SortDirection } from '@common/contracts/list';

export const PAGE_SIZE_OPTIONS: readonly number[] = [25, 50, 100, 200];

/** Filter name → its allowed values (null: any non-empty text, e.g. an id). */
export type FilterConfig = Readonly<Record<string, readonly string[] | null>>;

type FilterValue<A> = A extends readonly (infer V extends string)[] ? V : string;

/** The set filters; an absent filter means "all". */
export type FilterValues<FC extends FilterConfig> = { -readonly [K in keyof FC]?: FilterValue<FC[K]> };

export interface ListStateConfig<S extends string, FC extends FilterConfig> {
  sortable: readonly S[];
  defaultSort: S;
  defaultDir?: SortDirection;
  defaultLimit?: number;
  /** The list's filters; their names must not be q, sort, dir, limit or cursor. */
  filters: FC;
}

export interface ListState<S extends string = string, FC extends FilterConfig = FilterConfig> {
  /** The search text ('' = none). */
  q: string;
  sort: S;
  dir: SortDirection;
  limit: number;
  /** The keyset cursor of the page shown; undefined on the first page. */
  cursor: string | undefined;
  filters: FilterValues<FC>;
}

/** The query parameters of the list endpoint (and, without cursor and limit, of its export). */
export type ListApiParams = Record<string, string | number | undefined>;

const LIST_KEYS = ['q', 'sort', 'dir', 'limit', 'cursor'] as const;

function defaultLimitOf(config: { defaultLimit?: number }): number {
  return config.defaultLimit ?? LIST_PAGE_SIZE_DEFAULT;
}

function parseLimit(raw: string | null, fallback: number): number {
  if (raw === null || !/^\d+$/.test(raw)) return fallback;
  const n = Number(raw);
  return n >= 1 && n <= LIST_PAGE_SIZE_MAX ? n : fallback;
}

/** Reads the list state from URL search params; anything unknown or invalid falls back to the default. */
export function parseListState<S extends string, FC extends FilterConfig>(
  params: URLSearchParams,
  config: ListStateConfig<S, FC>,
): ListState<S, FC> {
  const rawSort = params.get('sort');
  const sort = config.sortable.find((s) => s === rawSort) ?? config.defaultSort;
  const rawDir = params.get('dir');
  const dir: SortDirection = rawDir === 'asc' || rawDir === 'desc' ? rawDir : (config.defaultDir ?? 'asc');
  const filters: Record<string, string> = {};
  for (const [name, allowed] of Object.entries(config.filters)) {
    const value = params.get(name)?.trim();
    if (!value) continue;
    if (allowed === null || allowed.includes(value)) filters[name] = value;
  }
  return {
    q: (params.get('q') ?? '').trim(),
    sort,
    dir,
    limit: parseLimit(params.get('limit'), defaultLimitOf(config)),
    cursor: params.get('cursor') || undefined,
    filters: filters as FilterValues<FC>,
  };
}

/**
 * Writes the list state into a copy of `current` (other parameters stay); defaults are left out
 * so a plain list has a plain URL. Keys come in a stable order: q, sort, dir, filters, limit, cursor.
 */
export function writeListState<S extends string, FC extends FilterConfig>(
  current: URLSearchParams,
  state: ListState<S, FC>,
  config: ListStateConfig<S, FC>,
): URLSearchParams {
  const next = new URLSearchParams();
  const filterNames = Object.keys(config.filters);
  for (const [key, value] of current) {
    if ((LIST_KEYS as readonly string[]).includes(key) || filterNames.includes(key)) continue;
    next.append(key, value);
  }
  if (state.q.trim()) next.set('q', state.q.trim());
  if (state.sort !== config.defaultSort) next.set('sort', state.sort);
  if (state.dir !== (config.defaultDir ?? 'asc')) next.set('dir', state.dir);
  for (const name of filterNames) {
    const value = (state.filters as Record<string, string | undefined>)[name];
    if (value) next.set(name, value);
  }
  if (state.limit !== defaultLimitOf(config)) next.set('limit', String(state.limit));
  if (state.cursor) next.set('cursor', state.cursor);
  return next;
}

/** The list endpoint's query parameters for this state. */
export function listApiParams(state: ListState): ListApiParams {
  return {
    q: state.q || undefined,
    sort: state.sort,
    dir: state.dir,
    ...(state.filters as Record<string, string | undefined>),
    limit: state.limit,
    cursor: state.cursor,
  };
}

/** The export's query string: the list's search, filters and sort, without paging. */
export function listExportQuery(state: ListState): string {
  const search = new URLSearchParams();
  if (state.q) search.set('q', state.q);
  search.set('sort', state.sort);
  search.set('dir', state.dir);
  for (const [name, value] of Object.entries(state.filters as Record<string, string | undefined>)) {
    if (value) search.set(name, value);
  }
  return search.toString();
}

export function hasSearchOrFilters(state: ListState): boolean {
  return state.q !== '' || Object.values(state.filters as Record<string, string | undefined>).some(Boolean);
}

/** How many of the list's filters are set (the search is not one): "Filters (2)" on a phone. */
export function activeFilterCount(state: ListState): number {
  return Object.values(state.filters as Record<string, string | undefined>).filter(Boolean).length;
}

/** The phone's button that shows a list's filters: "Filters", or "Filters (2)" with two set. */
export function filtersButtonLabel(count: number): string {
  return count > 0 ? `Filters (${count})` : 'Filters';
}

/** One choice of the phone's "Sort by" (a card list has no column headers to click). */
export interface SortChoice {
  value: string;
  label: string;
  sort: string;
  dir: SortDirection;
}

/** Each sortable column, ascending then descending: "Stove ID, ascending". */
export function sortChoices(columns: readonly { header: string; sortKey?: string }[]): SortChoice[] {
  return columns.flatMap(({ header, sortKey }) =>
    sortKey === undefined
      ? []
      : (['asc', 'desc'] as const).map((dir) => ({
          value: `${sortKey}:${dir}`,
          label: `${header}, ${dir === 'asc' ? 'ascending' : 'descending'}`,
          sort: sortKey,
          dir,
        })),
  );
}

/** The page size choices, with the current one added when a URL asked for another. */
export function pageSizeOptions(current: number): number[] {
  return [...new Set([...PAGE_SIZE_OPTIONS, current])].sort((a, b) => a - b);
}

export interface Noun {
  one: string;
  other: string;
}

/** "1 factory", "1,234 factories", or "10,000+ factories" when the server stopped counting. */
export function formatListTotal(total: number, capped: boolean, noun: Noun): string {
  const count = total.toLocaleString('en-US');
  if (capped) return `${count}+ ${noun.other}`;
  return `${count} ${plural(total, noun.one, noun.other)}`;
}

/**
 * The cursors of the pages before the current one (null = the first page), kept in the history
 * entry's state so Back/Forward and "Previous" agree. Anything else there is kept as it is.
 */
export type CursorStack = (string | null)[];

const CURSOR_STACK_KEY = 'listCursorStack';

export function readCursorStack(historyState: unknown): CursorStack {
  if (typeof historyState !== 'object' || historyState === null) return [];
  const stack = (historyState as Record<string, unknown>)[CURSOR_STACK_KEY];
  if (!Array.isArray(stack)) return [];
  return stack.every((c) => c === null || typeof c === 'string') ? (stack as CursorStack) : [];
}

export function withCursorStack(historyState: unknown, stack: CursorStack): Record<string, unknown> {
  const base = typeof historyState === 'object' && historyState !== null ? historyState : {};
  return { ...base, [CURSOR_STACK_KEY]: stack };
}
