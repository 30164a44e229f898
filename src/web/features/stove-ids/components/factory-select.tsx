import { useId } from 'react';
import { Label } from '@web/components/ui/label';
import { NativeSelect } from '@web/components/ui/native-select';
import { useFactoryOptions } from '@web/lib/factory-options';
import type { StoveIdsActor } from './stove-ids-actor';

/** The factory of a dialog's action: any active factory for a global user; fixed to their own otherwise. */
export function FactorySelect({
  actor,
  value,
  onChange,
  disabled = false,
}: {
  actor: StoveIdsActor;
  value: string;
  onChange: (factoryId: string) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const factories = useFactoryOptions();
  const own = actor.isGlobal ? null : actor.factory;
  const options = own
    ? [{ id: own.id, label: `${own.code} — ${own.name}` }]
    : (factories.data ?? []).filter((f) => f.active).map((f) => ({ id: f.id, label: `${f.code} — ${f.name}` }));
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>Factory</Label>
      <NativeSelect
        id={id}
        value={own ? own.id : value}
        disabled={disabled || own !== null}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={own ? `${id}-own` : undefined}
      >
        {own ? null : <option value="">Choose a factory</option>}
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
      {own ? (
        <p id={`${id}-own`} className="text-sm text-muted-foreground">
          Your factory.
        </p>
      ) : null}
    </div>
  );
}
