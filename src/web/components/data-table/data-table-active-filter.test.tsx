/** The "Status" filter: DataTableFilterSelect's props recorded on the way through. */
import type { ComponentProps } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { ACTIVE_FILTER_VALUES, DataTableActiveFilter } from './data-table-active-filter';
import type { DataTableFilterSelect } from './data-table-filter-select';
import type { ListController } from './use-list-state';

const selects = vi.hoisted(() => ({ props: [] as Record<string, unknown>[] }));

vi.mock('./data-table-filter-select', () => ({
  DataTableFilterSelect: (props: ComponentProps<typeof DataTableFilterSelect>) => {
    selects.props.push(props as unknown as Record<string, unknown>);
    return null;
  },
}));

type Filters = { readonly active: typeof ACTIVE_FILTER_VALUES };

describe('DataTableActiveFilter', () => {
  it('filters the list on its `active` value: All, Active or Inactive, under "Status"', () => {
    const list = {} as ListController<'name', Filters>;
    renderToStaticMarkup(<DataTableActiveFilter list={list} />);
    expect(selects.props).toHaveLength(1);
    expect(selects.props[0]).toEqual({
      list,
      name: 'active',
      label: 'Status',
      options: [
        { value: 'true', label: 'Active' },
        { value: 'false', label: 'Inactive' },
      ],
    });
  });

  it('allows the values its options give', () => {
    expect(ACTIVE_FILTER_VALUES).toEqual(['true', 'false']);
  });
});
