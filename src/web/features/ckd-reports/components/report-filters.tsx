import { useId, type ReactNode } from 'react';
import type { KitCategoryRef } from '@common/contracts/ckd-reports';
import type { FactoryOption } from '@common/contracts/factories';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { NativeSelect } from '@web/components/ui/native-select';
import { cn } from '@web/lib/utils';
import {
  presetOf,
  presetRange,
  RANGE_PRESET_LABELS,
  RANGE_PRESETS,
  type PeriodValue,
  type RangePreset,
} from './report-filters.model';

/** The fields sit in a row from small screens up; on a phone two columns, a select taking both. */
export const FILTERS_ROW_CLASS = 'grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-start';

function Field({
  id,
  label,
  error,
  wide = true,
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  /** Both phone columns (selects); the dates take one each. */
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={cn('flex min-w-0 flex-col gap-1.5', wide && 'col-span-2')}>
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </Label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="max-w-64 text-xs text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The period: a preset (this month, last month, this year) or custom days; choosing custom or
 * editing a day makes it custom. `errors.from` / `errors.to` are shown under the days.
 */
export function RangeFields({
  range,
  today,
  errors,
  onChange,
}: {
  range: PeriodValue;
  today: string;
  errors: Partial<Record<string, string>>;
  onChange: (range: PeriodValue) => void;
}) {
  const id = useId();
  const preset = presetOf(range, today);
  const choose = (next: RangePreset) => {
    if (next === 'custom') {
      onChange({ ...range, period: 'custom' });
      document.getElementById(`${id}-from`)?.focus();
    } else onChange({ ...presetRange(next, today), period: undefined });
  };
  const day = (name: 'from' | 'to', label: string) => (
    <Field id={`${id}-${name}`} label={label} error={errors[name]} wide={false}>
      <Input
        id={`${id}-${name}`}
        type="date"
        className="w-full sm:w-40"
        value={range[name]}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        onChange={(event) => onChange({ ...range, [name]: event.target.value, period: 'custom' })}
      />
    </Field>
  );
  return (
    <>
      <Field id={`${id}-preset`} label="Period" error={undefined}>
        <NativeSelect
          id={`${id}-preset`}
          value={preset}
          wrapperClassName="w-full sm:w-40"
          onChange={(event) => choose(event.target.value as RangePreset)}
        >
          {RANGE_PRESETS.map((p) => (
            <option key={p} value={p}>
              {RANGE_PRESET_LABELS[p]}
            </option>
          ))}
        </NativeSelect>
      </Field>
      {day('from', 'From')}
      {day('to', 'To')}
    </>
  );
}

/**
 * The factory: any (or all, with `allLabel`) for a global user; a factory-scoped user's own,
 * shown but fixed.
 */
export function FactoryField({
  value,
  options,
  fixed,
  allLabel,
  error,
  onChange,
}: {
  value: string | undefined;
  options: readonly FactoryOption[] | undefined;
  /** A factory-scoped user's own factory: the only choice. */
  fixed: { id: string; name: string; code: string } | null;
  /** The empty choice ("All factories"), or a prompt when a factory must be chosen. */
  allLabel: string;
  error?: string | undefined;
  onChange: (factoryId: string | undefined) => void;
}) {
  const id = useId();
  return (
    <Field id={id} label="Factory" error={error}>
      {fixed ? (
        <NativeSelect
          id={id}
          value={fixed.id}
          wrapperClassName="w-full sm:w-52"
          disabled
          aria-describedby={`${id}-own`}
        >
          <option value={fixed.id}>
            {fixed.code} — {fixed.name}
          </option>
        </NativeSelect>
      ) : (
        <NativeSelect
          id={id}
          value={value ?? ''}
          wrapperClassName="w-full sm:w-52"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onChange(event.target.value || undefined)}
        >
          <option value="">{allLabel}</option>
          {value && !options?.some((f) => f.id === value) ? <option value={value}>Chosen factory</option> : null}
          {options?.map((factory) => (
            <option key={factory.id} value={factory.id}>
              {factory.code} — {factory.name}
              {factory.active ? '' : ' (inactive)'}
            </option>
          ))}
        </NativeSelect>
      )}
      {fixed ? (
        <p id={`${id}-own`} className="sr-only">
          Your account works at this factory only.
        </p>
      ) : null}
    </Field>
  );
}

/** The kit category: all, or one. */
export function CategoryField({
  value,
  options,
  allLabel,
  onChange,
}: {
  value: string | undefined;
  options: readonly (KitCategoryRef & { active: boolean })[] | undefined;
  allLabel: string;
  onChange: (categoryId: string | undefined) => void;
}) {
  const id = useId();
  return (
    <Field id={id} label="Kit category" error={undefined}>
      <NativeSelect
        id={id}
        value={value ?? ''}
        wrapperClassName="w-full sm:w-52"
        onChange={(event) => onChange(event.target.value || undefined)}
      >
        <option value="">{allLabel}</option>
        {value && !options?.some((c) => c.id === value) ? <option value={value}>Chosen category</option> : null}
        {options?.map((category) => (
          <option key={category.id} value={category.id}>
            {category.code} — {category.name}
            {category.active ? '' : ' (inactive)'}
          </option>
        ))}
      </NativeSelect>
    </Field>
  );
}
