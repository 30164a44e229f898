import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  filtersButtonLabel,
  formatListTotal,
  hasSearchOrFilters,
  listApiParams,
  listExportQuery,
  pageSizeOptions,
  parseListState,
  readCursorStack,
  sortChoices,
  withCursorStack,
  writeListState,
  type ListStateConfig,
} from './list-state.model';

const FILTERS = { kind: ['plant', 'assembly', 'both'], active: ['true', 'false'], factoryId: null } as const;
const CONFIG: ListStateConfig<'name' | 'code' | 'createdAt', typeof FILTERS> = {
  sortable: ['name', 'code', 'createdAt'],
  defaultSort: 'name',
  filters: FILTERS,
};

const parse = (query: string) => parseListState(new URLSearchParams(query), CONFIG);

describe('parseListState', () => {
  it('gives the defaults for an empty URL', () => {
    expect(parse('')).toEqual({ q: '', sort: 'name', dir: 'asc', limit: 50, cursor: undefined, filters: {} });
  });

  it('reads search, sort, direction, page size, cursor and filters', () => {
    expect(parse('q=%20nbo%20&sort=code&dir=desc&limit=100&cursor=abc&kind=plant&active=false&factoryId=f-1')).toEqual({
      q: 'nbo',
      sort: 'code',
      dir: 'desc',
      limit: 100,
      cursor: 'abc',
      filters: { kind: 'plant', active: 'false', factoryId: 'f-1' },
    });
  });

  it('falls back to the defaults for unknown or invalid values', () => {
    expect(parse('sort=password&dir=up&limit=500&kind=castle&active=yes&factoryId=')).toEqual({
      q: '',
      sort: 'name',
      dir: 'asc',
      limit: 50,
      cursor: undefined,
      filters: {},
    });
    expect(parse('limit=0').limit).toBe(50);
    expect(parse('limit=2.5').limit).toBe(50);
    expect(parse('limit=200').limit).toBe(200);
  });

  it('uses the configured default direction and page size', () => {
    const state = parseListState(new URLSearchParams(''), { ...CONFIG, defaultDir: 'desc', defaultLimit: 25 });
    expect(state.dir).toBe('desc');
    expect(state.limit).toBe(25);
  });
});

describe('writeListState', () => {
  it('leaves the defaults out of the URL', () => {
    expect(writeListState(new URLSearchParams(), parse(''), CONFIG).toString()).toBe('');
  });

  it('writes the non-default values in a stable order and keeps unrelated parameters', () => {
    const state = {
      q: 'nairobi',
      sort: 'createdAt' as const,
      dir: 'desc' as const,
      limit: 25,
      cursor: 'c2',
      filters: { active: 'true' as const, kind: 'both' as const },
    };
    const written = writeListState(new URLSearchParams('tab=groups&q=old&kind=plant'), state, CONFIG);
    expect(written.toString()).toBe(
      'tab=groups&q=nairobi&sort=createdAt&dir=desc&kind=both&active=true&limit=25&cursor=c2',
    );
  });

  it('round-trips through the URL', () => {
    const query = 'q=abc&sort=code&dir=desc&kind=assembly&active=false&limit=200&cursor=xyz';
    expect(writeListState(new URLSearchParams(), parse(query), CONFIG).toString()).toBe(query);
  });
});

describe('listApiParams and listExportQuery', () => {
  const state = parse('q=abc&sort=code&dir=desc&kind=plant&limit=25&cursor=c1');

  it('sends everything the list endpoint takes', () => {
    expect(listApiParams(state)).toEqual({
      q: 'abc',
      sort: 'code',
      dir: 'desc',
      kind: 'plant',
      limit: 25,
      cursor: 'c1',
    });
    expect(listApiParams(parse(''))).toEqual({ q: undefined, sort: 'name', dir: 'asc', limit: 50, cursor: undefined });
  });

  it('exports the same search, filters and sort without paging', () => {
    expect(listExportQuery(state)).toBe('q=abc&sort=code&dir=desc&kind=plant');
    expect(listExportQuery(parse('cursor=x&limit=100'))).toBe('sort=name&dir=asc');
  });
});

describe('hasSearchOrFilters', () => {
  it('is true with a search or a filter only', () => {
    expect(hasSearchOrFilters(parse('sort=code&dir=desc&limit=25&cursor=x'))).toBe(false);
    expect(hasSearchOrFilters(parse('q=a'))).toBe(true);
    expect(hasSearchOrFilters(parse('active=false'))).toBe(true);
  });
});

describe('activeFilterCount and filtersButtonLabel', () => {
  it('counts the filters set, not the search, sort or paging', () => {
    expect(activeFilterCount(parse('q=a&sort=code&dir=desc&limit=25&cursor=x'))).toBe(0);
    expect(activeFilterCount(parse('active=false'))).toBe(1);
    expect(activeFilterCount(parse('q=a&kind=plant&active=true&factoryId=f1'))).toBe(3);
  });

  it('ignores a filter value the list does not allow', () => {
    expect(activeFilterCount(parse('kind=castle&active=true'))).toBe(1);
  });

  it('says how many are set on the button', () => {
    expect(filtersButtonLabel(0)).toBe('Filters');
    expect(filtersButtonLabel(2)).toBe('Filters (2)');
  });
});

describe('sortChoices', () => {
  it('offers each sortable column both ways, in the columns’ order', () => {
    expect(
      sortChoices([
        { header: 'Name', sortKey: 'name' },
        { header: 'Notes' },
        { header: 'Created', sortKey: 'createdAt' },
      ]),
    ).toEqual([
      { value: 'name:asc', label: 'Name, ascending', sort: 'name', dir: 'asc' },
      { value: 'name:desc', label: 'Name, descending', sort: 'name', dir: 'desc' },
      { value: 'createdAt:asc', label: 'Created, ascending', sort: 'createdAt', dir: 'asc' },
      { value: 'createdAt:desc', label: 'Created, descending', sort: 'createdAt', dir: 'desc' },
    ]);
  });
});

describe('pageSizeOptions', () => {
  it('offers 25, 50, 100, 200 and the current size', () => {
    expect(pageSizeOptions(50)).toEqual([25, 50, 100, 200]);
    expect(pageSizeOptions(10)).toEqual([10, 25, 50, 100, 200]);
  });
});

describe('formatListTotal', () => {
  const noun = { one: 'factory', other: 'factories' };
  it('counts with the right noun', () => {
    expect(formatListTotal(0, false, noun)).toBe('0 factories');
    expect(formatListTotal(1, false, noun)).toBe('1 factory');
    expect(formatListTotal(1234, false, noun)).toBe('1,234 factories');
  });
  it('says "10,000+" when the server stopped counting', () => {
    expect(formatListTotal(10_000, true, noun)).toBe('10,000+ factories');
  });
});

describe('cursor stack in the history state', () => {
  it('reads what was written and keeps the other state', () => {
    const state = withCursorStack({ from: '/x' }, [null, 'c1']);
    expect(state).toEqual({ from: '/x', listCursorStack: [null, 'c1'] });
    expect(readCursorStack(state)).toEqual([null, 'c1']);
  });
  it('reads an empty stack from anything else', () => {
    expect(readCursorStack(null)).toEqual([]);
    expect(readCursorStack('x')).toEqual([]);
    expect(readCursorStack({ listCursorStack: [1, 2] })).toEqual([]);
  });
});
