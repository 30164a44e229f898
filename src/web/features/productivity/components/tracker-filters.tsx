import { useId, type ReactNode } from 'react';
import { PERIODS, type Period } from '@common/calendar-days';
import { PERIOD_LABELS } from '@common/contracts/productivity';
import { FactoryFilter } from '@web/components/filters/factory-filter';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { NativeSelect } from '@web/components/ui/native-select';
import {
  choosePreset,
  PRESET_LABELS,
  RANGE_PRESETS,
  type RangePreset,
  type TrackerFilters,
} from './tracker-filters.model';

const PRESET_CHOICES = [...RANGE_PRESETS, 'custom'] as const;

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </Label>
      {children}
    </div>
  );
}

/** Period, range (a preset or custom days) and, for users who see every factory, the factory. */
export function TrackerFiltersBar({
  filters,
  onChange,
  today,
  showFactory,
  problemId,
}: {
  filters: TrackerFilters;
  /** Changes the filters: `next` makes the new ones of the latest (a change may not be shown yet). */
  onChange: (next: (current: TrackerFilters) => TrackerFilters) => void;
  today: string;
  showFactory: boolean;
  /** The id of the text that says what is wrong with the range, if anything. */
  problemId: string | undefined;
}) {
  const ids = { period: useId(), range: useId(), from: useId(), to: useId() };
  const custom = (patch: Partial<TrackerFilters>) =>
    onChange((current) => ({ ...current, ...patch, preset: 'custom' }));
  return (
    <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end">
      <Field id={ids.period} label="Group by">
        <NativeSelect
          id={ids.period}
          wrapperClassName="sm:w-32"
          value={filters.period}
          aria-describedby={problemId}
          onChange={(event) => {
            const period = event.target.value as Period;
            onChange((current) => ({ ...current, period }));
          }}
        >
          {PERIODS.map((p) => (
            <option key={p} value={p}>
              {PERIOD_LABELS[p]}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id={ids.range} label="Range">
        <NativeSelect
          id={ids.range}
          wrapperClassName="sm:w-44"
          value={filters.preset}
          onChange={(event) => {
            const preset = event.target.value as RangePreset | 'custom';
            onChange((current) => choosePreset(current, preset, today));
          }}
        >
          {PRESET_CHOICES.map((p) => (
            <option key={p} value={p}>
              {PRESET_LABELS[p]}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id={ids.from} label="From">
        <Input
          id={ids.from}
          type="date"
          className="sm:w-40"
          value={filters.from}
          max={filters.to}
          aria-describedby={problemId}
          onChange={(event) => custom({ from: event.target.value })}
        />
      </Field>
      <Field id={ids.to} label="To">
        <Input
          id={ids.to}
          type="date"
          className="sm:w-40"
          value={filters.to}
          min={filters.from}
          aria-describedby={problemId}
          onChange={(event) => custom({ to: event.target.value })}
        />
      </Field>
      {showFactory ? (
        <FactoryFilter
          widthClassName="sm:w-52"
          value={filters.factoryId}
          onChange={(factoryId) => onChange((current) => ({ ...current, factoryId }))}
        />
      ) : null}
    </div>
  );
}
