import { useId, type ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { FactoryOption } from '@common/contracts/factories';
import { DraftNotice } from '@web/components/form/draft-notice';
import { SelectField } from '@web/components/form/form-fields';
import { SubmitButton } from '@web/components/form/submit-button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import type { DraftControl } from '@web/lib/use-draft';
import type { ShortageProblem } from './entry-form.model';
import { ShortageAlert } from './shortage-alert';

interface EntryFormCardProps<TValues> {
  title: string;
  description: ReactNode;
  onSubmit: (event?: React.BaseSyntheticEvent) => void;
  isSubmitting: boolean;
  submitLabel: string;
  busyText: string;
  /** A refusal's shortages, listed above the button. */
  problems: readonly ShortageProblem[] | null;
  /** The entry's own fields (date, factories, supplier, reference). */
  children: ReactNode;
  /** The line editor, the width of the card. */
  lines: ReactNode;
  /** The note field, under the lines. */
  note: ReactNode;
  /** The user's draft of the form, with its notice when one was put back. */
  draft: DraftControl<TValues>;
  describeDraft: (values: TValues) => string;
}

/** The frame of an entry form: a titled card, the fields in a grid, the shortages and a busy submit button. */
export function EntryFormCard<TValues>({
  title,
  description,
  onSubmit,
  isSubmitting,
  submitLabel,
  busyText,
  problems,
  children,
  lines,
  note,
  draft,
  describeDraft,
}: EntryFormCardProps<TValues>) {
  const titleId = useId();
  return (
    <Card>
      <CardHeader>
        <CardTitle id={titleId}>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <DraftNotice draft={draft} describe={describeDraft} />
        <form
          aria-labelledby={titleId}
          noValidate
          onSubmit={onSubmit}
          className="grid min-w-0 gap-4 sm:grid-cols-2 xl:grid-cols-4"
        >
          {children}
          <div className="min-w-0 sm:col-span-full">{lines}</div>
          <div className="sm:col-span-full">{note}</div>
          {problems ? (
            <div className="sm:col-span-full">
              <ShortageAlert problems={problems} />
            </div>
          ) : null}
          <div className="sm:col-span-full">
            <SubmitButton busy={isSubmitting} busyText={busyText}>
              {submitLabel}
            </SubmitButton>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

interface FactorySelectFieldProps<TValues extends FieldValues, TOut> {
  form: UseFormReturn<TValues, unknown, TOut>;
  name: Path<TValues>;
  label: string;
  factories: readonly FactoryOption[] | undefined;
  /** The viewer's own factory: the only choice, fixed, when they are factory-scoped. */
  own: { id: string; name: string; code: string } | null;
  /** The first, empty choice, e.g. "Choose a factory". */
  placeholder: string;
  /** Said under the fixed select of a scoped user. */
  ownHint?: string;
  /** A factory not to offer (the sender, on the receiver's select). */
  except?: string;
}

/** A factory select: the active factories, or the viewer's own factory only (fixed) when they are scoped. */
export function FactorySelectField<TValues extends FieldValues, TOut>({
  form,
  name,
  label,
  factories,
  own,
  placeholder,
  ownHint,
  except,
}: FactorySelectFieldProps<TValues, TOut>) {
  const list = own ? [own] : (factories ?? []).filter((f) => f.active);
  return (
    <SelectField
      form={form}
      name={name}
      label={label}
      placeholder={own ? undefined : placeholder}
      options={list.filter((f) => f.id !== except).map((f) => ({ value: f.id, label: `${f.code} — ${f.name}` }))}
      disabled={own !== null}
      description={own ? ownHint : undefined}
    />
  );
}

/** The factory (id and code) of an id, for the lines' stock; null when none is chosen. */
export function factoryRef(
  factories: readonly FactoryOption[] | undefined,
  own: { id: string; code: string } | null,
  id: string,
): { id: string; code: string } | null {
  if (!id) return null;
  if (own?.id === id) return own;
  const found = factories?.find((f) => f.id === id);
  return found ? { id: found.id, code: found.code } : null;
}
