import { useId, type ReactNode } from 'react';
import { Label } from '@web/components/ui/label';
import { NativeSelect } from '@web/components/ui/native-select';
import { factoryOptionLabel, useFactoryOptions } from '@web/lib/factory-options';
import { cn } from '@web/lib/utils';

/**
 * The "Factory" filter of a screen (for users who see every factory): "All factories" first, then
 * every factory as "CODE — Name" (inactive ones marked). A chosen id the list does not hold (a link to a factory since
 * removed, or the list still loading) stays selected as "Chosen factory".
 */
export function FactoryFilter({
  value,
  onChange,
  hint,
  className,
  widthClassName = 'sm:w-56',
}: {
  /** The chosen factory's id, '' for all factories. */
  value: string;
  /** Called with the chosen factory's id, or '' for "All factories". */
  onChange: (factoryId: string) => void;
  /** A hint for screen readers only, read with the select. */
  hint?: ReactNode;
  /** Classes of the field (label and select), e.g. its place in the caller's grid. */
  className?: string;
  /** The select's width, e.g. 'sm:w-52' (it takes the full width on phones). */
  widthClassName?: string;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const listed = useFactoryOptions().data;
  const unknown = value !== '' && !listed?.some((f) => f.id === value);
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        Factory
      </Label>
      <NativeSelect
        id={id}
        value={value}
        wrapperClassName={widthClassName}
        aria-describedby={hint ? hintId : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">All factories</option>
        {unknown ? <option value={value}>Chosen factory</option> : null}
        {listed?.map((f) => (
          <option key={f.id} value={f.id}>
            {factoryOptionLabel(f)}
          </option>
        ))}
      </NativeSelect>
      {hint ? (
        <span id={hintId} className="sr-only">
          {hint}
        </span>
      ) : null}
    </div>
  );
}
