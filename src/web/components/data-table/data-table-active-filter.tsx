import { DataTableFilterSelect } from './data-table-filter-select';
import type { FilterConfig, FilterValues } from './list-state.model';
import type { ListController } from './use-list-state';

/** The values of a list's `active` filter, for its ListStateConfig: `{ active: ACTIVE_FILTER_VALUES }`. */
export const ACTIVE_FILTER_VALUES = ['true', 'false'] as const;

type ActiveFilterConfig = FilterConfig & { readonly active: typeof ACTIVE_FILTER_VALUES };

/** A list's "Status" filter (its `active`, kept in the URL): All, Active or Inactive. */
export function DataTableActiveFilter<S extends string, FC extends ActiveFilterConfig>({
  list,
}: {
  list: ListController<S, FC>;
}) {
  type Active = NonNullable<FilterValues<FC>['active']>;
  const options = [
    { value: 'true' as Active, label: 'Active' },
    { value: 'false' as Active, label: 'Inactive' },
  ];
  return <DataTableFilterSelect list={list} name="active" label="Status" options={options} />;
}
