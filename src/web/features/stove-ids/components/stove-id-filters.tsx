import { useId } from 'react';
import type { StoveBatch } from '@common/contracts/stove-ids';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { NativeSelect } from '@web/components/ui/native-select';
import { batchLabel } from './stove-id-format';

interface SelectFilterProps<T> {
  /** The id in the URL ('' = all). */
  value: string;
  onChange: (id: string | undefined) => void;
  options: readonly T[] | undefined;
}

/** Batch filter: the newest batches (of the chosen factory); a batch opened from a link stays listed. */
export function BatchFilter({ value, onChange, options }: SelectFilterProps<StoveBatch>) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        Batch
      </Label>
      <NativeSelect
        id={id}
        value={value}
        wrapperClassName="w-full sm:w-56"
        onChange={(event) => onChange(event.target.value || undefined)}
      >
        <option value="">All batches</option>
        {value && !options?.some((b) => b.id === value) ? <option value={value}>Chosen batch</option> : null}
        {options?.map((batch) => (
          <option key={batch.id} value={batch.id}>
            {batchLabel(batch.number)} · {batch.firstCode}
            {batch.count > 1 ? '…' : ''} ({batch.count.toLocaleString('en-US')})
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/** A day filter (YYYY-MM-DD in the URL). */
export function DateFilter({
  label,
  value,
  onChange,
  min,
  max,
}: {
  label: string;
  value: string;
  onChange: (day: string | undefined) => void;
  min?: string;
  max?: string;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </Label>
      <Input
        id={id}
        type="date"
        value={value}
        min={min}
        max={max}
        className="w-full sm:w-40"
        onChange={(event) => {
          const day = event.target.value;
          if (day === '' || /^\d{4}-\d{2}-\d{2}$/.test(day)) onChange(day || undefined);
        }}
      />
    </div>
  );
}
