import { useId } from 'react';
import { Label } from '@web/components/ui/label';
import { NativeSelect } from '@web/components/ui/native-select';
import type { FilterConfig, FilterValues } from './list-state.model';
import type { ListController } from './use-list-state';

interface FilterSelectProps<S extends string, FC extends FilterConfig, K extends keyof FC & string> {
  list: ListController<S, FC>;
  name: K;
  label: string;
  options: readonly { value: NonNullable<FilterValues<FC>[K]>; label: string }[];
  /** The "no filter" choice. */
  allLabel?: string;
}

/** A labelled select for one list filter, kept in the URL like the rest of the list state. */
export function DataTableFilterSelect<S extends string, FC extends FilterConfig, K extends keyof FC & string>({
  list,
  name,
  label,
  options,
  allLabel = 'All',
}: FilterSelectProps<S, FC, K>) {
  const id = useId();
  const value = list.state.filters[name] ?? '';
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </Label>
      <NativeSelect
        id={id}
        value={value}
        wrapperClassName="w-full sm:w-40"
        onChange={(event) => {
          const chosen = options.find((o) => o.value === event.target.value);
          list.setFilter(name, chosen?.value);
        }}
      >
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
