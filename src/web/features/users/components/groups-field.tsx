import { useId } from 'react';
import { useController, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { GROUPS, type Group } from '@common/permissions';
import { Checkbox } from '@web/components/ui/checkbox';
import { Label } from '@web/components/ui/label';

/** The user's groups as a group of checkboxes (a fieldset), with its error under it. */
export function GroupsField<TValues extends FieldValues, TOut>({
  form,
  name,
}: {
  form: UseFormReturn<TValues, unknown, TOut>;
  name: Path<TValues>;
}) {
  const id = useId();
  const { field, fieldState } = useController({ control: form.control, name });
  const value: Group[] = Array.isArray(field.value) ? (field.value as Group[]) : [];
  const error = fieldState.error?.message ?? fieldState.error?.root?.message;
  const toggle = (group: Group, checked: boolean) => {
    const next = checked ? [...value, group] : value.filter((g) => g !== group);
    field.onChange(GROUPS.filter((g) => next.includes(g)));
  };
  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-describedby={error ? `${id}-error` : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-2 text-sm font-medium">Groups</legend>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {GROUPS.map((group, i) => (
          <div key={group} className="flex items-center gap-2">
            <Checkbox
              id={`${id}-${i}`}
              ref={i === 0 ? field.ref : undefined}
              checked={value.includes(group)}
              onCheckedChange={(checked) => toggle(group, checked === true)}
              onBlur={field.onBlur}
            />
            <Label htmlFor={`${id}-${i}`} className="font-normal">
              {group}
            </Label>
          </div>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
