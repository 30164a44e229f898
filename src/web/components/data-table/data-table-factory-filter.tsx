import { useMemo } from 'react';
import { factoryOptionLabel, useFactoryOptions } from '@web/lib/factory-options';
import { DataTableFilterSelect } from './data-table-filter-select';
import type { FilterConfig, FilterValues } from './list-state.model';
import type { ListController } from './use-list-state';

/**
 * A list's "Factory" filter (its `factoryId`, kept in the URL): "All factories", then every
 * factory as the other factory filters show it ("CODE — Name", inactive ones marked).
 */
export function DataTableFactoryFilter<S extends string, FC extends FilterConfig & { readonly factoryId: null }>({
  list,
}: {
  list: ListController<S, FC>;
}) {
  const factories = useFactoryOptions();
  const options = useMemo(
    () =>
      (factories.data ?? []).map((f) => ({
        value: f.id as NonNullable<FilterValues<FC>['factoryId']>,
        label: factoryOptionLabel(f),
      })),
    [factories.data],
  );
  return (
    <DataTableFilterSelect list={list} name="factoryId" label="Factory" options={options} allLabel="All factories" />
  );
}
