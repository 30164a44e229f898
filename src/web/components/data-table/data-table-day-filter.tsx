import { useId } from 'react';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import type { FilterConfig, FilterValues } from './list-state.model';
import type { ListController } from './use-list-state';

/** The names of a list's free-text filters (configured as null), which can hold a day (YYYY-MM-DD). */
type DayFilterName<FC extends FilterConfig> = {
  [K in keyof FC & string]: FC[K] extends null ? K : never;
}[keyof FC & string];

interface DayFilterProps<S extends string, FC extends FilterConfig> {
  list: ListController<S, FC>;
  name: DayFilterName<FC>;
  label: string;
}

/** A labelled date input for one list filter (e.g. "From", "To"), kept in the URL like the rest of the list state. */
export function DataTableDayFilter<S extends string, FC extends FilterConfig>({
  list,
  name,
  label,
}: DayFilterProps<S, FC>) {
  const id = useId();
  const value = list.state.filters[name];
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </Label>
      <Input
        id={id}
        type="date"
        className="w-full sm:w-40"
        value={typeof value === 'string' ? value : ''}
        onChange={(event) =>
          list.setFilter(name, (event.target.value || undefined) as FilterValues<FC>[DayFilterName<FC>])
        }
      />
    </div>
  );
}
