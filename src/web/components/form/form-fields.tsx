import { useId, type ComponentProps, type ReactNode } from 'react';
import { useController, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { NativeSelect } from '@web/components/ui/native-select';
import { Textarea } from '@web/components/ui/textarea';
import { cn } from '@web/lib/utils';

interface FieldProps<TValues extends FieldValues, TOut> {
  form: UseFormReturn<TValues, unknown, TOut>;
  name: Path<TValues>;
  label: string;
  /** A hint under the field, read with it by screen readers. */
  description?: ReactNode;
  className?: string;
}

/** The ids and ARIA attributes that tie a control to its label, hint and error. */
interface ControlAria {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

function FieldShell({
  id,
  label,
  description,
  error,
  className,
  children,
  inline = false,
}: {
  id: string;
  label: string;
  description: ReactNode;
  error: string | undefined;
  className: string | undefined;
  children: (aria: ControlAria) => ReactNode;
  inline?: boolean;
}) {
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const aria: ControlAria = {
    id,
    'aria-describedby': [descriptionId, errorId].filter(Boolean).join(' ') || undefined,
    'aria-invalid': error ? true : undefined,
  };
  return (
    <div className={cn('flex flex-col gap-2', className)} data-slot="form-field">
      {inline ? (
        <div className="flex items-center gap-2">
          {children(aria)}
          <Label htmlFor={id}>{label}</Label>
        </div>
      ) : (
        <>
          <Label htmlFor={id}>{label}</Label>
          {children(aria)}
        </>
      )}
      {description ? (
        <p id={descriptionId} className="text-sm text-muted-foreground">
          {description}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type InputExtras = Omit<ComponentProps<'input'>, 'form' | 'name' | 'value' | 'onChange' | 'onBlur' | 'ref' | 'id'>;

export function TextField<TValues extends FieldValues, TOut>({
  form,
  name,
  label,
  description,
  className,
  ...inputProps
}: FieldProps<TValues, TOut> & InputExtras) {
  const id = useId();
  const { field, fieldState } = useController({ control: form.control, name });
  return (
    <FieldShell id={id} label={label} description={description} error={fieldState.error?.message} className={className}>
      {(aria) => (
        <Input
          {...inputProps}
          {...aria}
          ref={field.ref}
          name={field.name}
          value={typeof field.value === 'string' || typeof field.value === 'number' ? field.value : ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          disabled={field.disabled ?? inputProps.disabled}
        />
      )}
    </FieldShell>
  );
}

type TextareaExtras = Omit<
  ComponentProps<'textarea'>,
  'form' | 'name' | 'value' | 'onChange' | 'onBlur' | 'ref' | 'id'
>;

export function TextareaField<TValues extends FieldValues, TOut>({
  form,
  name,
  label,
  description,
  className,
  ...textareaProps
}: FieldProps<TValues, TOut> & TextareaExtras) {
  const id = useId();
  const { field, fieldState } = useController({ control: form.control, name });
  return (
    <FieldShell id={id} label={label} description={description} error={fieldState.error?.message} className={className}>
      {(aria) => (
        <Textarea
          {...textareaProps}
          {...aria}
          ref={field.ref}
          name={field.name}
          value={typeof field.value === 'string' ? field.value : ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          disabled={field.disabled ?? textareaProps.disabled}
        />
      )}
    </FieldShell>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

export function SelectField<TValues extends FieldValues, TOut>({
  form,
  name,
  label,
  description,
  className,
  options,
  placeholder,
  disabled,
}: FieldProps<TValues, TOut> & {
  options: readonly SelectOption[];
  /** A first, empty choice ("Choose a kind"); its value is ''. */
  placeholder?: string;
  disabled?: boolean;
}) {
  const id = useId();
  const { field, fieldState } = useController({ control: form.control, name });
  return (
    <FieldShell id={id} label={label} description={description} error={fieldState.error?.message} className={className}>
      {(aria) => (
        <NativeSelect
          {...aria}
          ref={field.ref}
          name={field.name}
          value={typeof field.value === 'string' ? field.value : ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          disabled={field.disabled ?? disabled}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      )}
    </FieldShell>
  );
}
