import { useEffect, useId, useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { createStoveBatchSchema, type CodeProblem, type StoveBatch } from '@common/contracts/stove-ids';
import { STOVE_BATCH_MAX, STOVE_WIDTH_MAX, STOVE_WIDTH_MIN } from '@common/stove-codes';
import { Button } from '@web/components/ui/button';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { FormDialog } from '@web/components/form/form-dialog';
import { SelectField, TextareaField, TextField } from '@web/components/form/form-fields';
import { useAppForm } from '@web/components/form/use-app-form';
import { Progress } from '@web/components/ui/progress';
import { useCreateStoveBatch } from '../api/create-stove-batch';
import { useNextBatchNumber } from '../api/get-next-batch-number';
import { useFactoryOptions } from '@web/lib/factory-options';
import { batchPreview, suggestionQuery } from './batch-preview.model';
import { CodeProblemsList } from './code-problems-list';
import { problemsOf } from '@web/components/code-entry/code-problems.model';
import type { StoveIdsActor } from './stove-ids-actor';
import { batchLabel, idCount } from './stove-id-format';

interface GenerateBatchDialogProps {
  actor: StoveIdsActor;
  onClose: () => void;
  /** After the batch is created (the dialog closes itself): e.g. show its IDs. */
  onCreated: (batch: StoveBatch) => void;
}

/** How long the prefix and width must be still before the next free number is asked for. */
const SUGGEST_DEBOUNCE_MS = 300;

/**
 * Generate batch: factory, prefix, first number, count, width and note, with a live preview of the
 * first and last codes and the next free number of the prefix (filled in until the clerk types a
 * first number); the server streams its progress, shown as a progress bar. All or nothing: when
 * codes already exist, they are listed (until the numbers change) and nothing is created.
 */
export function GenerateBatchDialog({ actor, onClose, onCreated }: GenerateBatchDialogProps) {
  const factories = useFactoryOptions();
  const { mutateAsync: create } = useCreateStoveBatch();
  const [progress, setProgress] = useState<number | null>(null);
  // The codes that existed, with the numbers they were found for: once those change, they no longer apply.
  const [refusal, setRefusal] = useState<{ numbers: string; problems: CodeProblem[] } | null>(null);
  const scopedFactory = actor.isGlobal ? null : actor.factory;
  const progressId = useId();

  const { form, onSubmit, isSubmitting, isDirty } = useAppForm({
    schema: createStoveBatchSchema,
    defaultValues: {
      factoryId: scopedFactory?.id ?? '',
      prefix: '',
      firstNumber: '1',
      count: '1000',
      width: '7',
      note: '',
    },
    onSubmit: async (values) => {
      setRefusal(null);
      setProgress(0);
      try {
        return await create({ values, onProgress: setProgress });
      } catch (error) {
        const problems = problemsOf(error);
        if (problems) setRefusal({ numbers: numbersKey(form.getValues()), problems });
        throw error;
      } finally {
        setProgress(null);
      }
    },
    successMessage: (batch) => `Batch ${batchLabel(batch.number)}: ${idCount(batch.count)} created`,
    onSuccess: (batch: StoveBatch) => {
      onClose();
      onCreated(batch);
    },
    errorTitle: 'Could not generate the batch',
  });

  const values = useWatch({ control: form.control });
  const preview = batchPreview(values);

  // The next free number of the prefix and width: filled in while the clerk has not typed one.
  // Memoized on the two fields: a new object each render would restart the debounce for ever.
  const { prefix: typedPrefix, width: typedWidth } = values;
  const query = useMemo(() => suggestionQuery({ prefix: typedPrefix, width: typedWidth }), [typedPrefix, typedWidth]);
  const asked = useDebouncedValue(query, SUGGEST_DEBOUNCE_MS);
  const suggestion = useNextBatchNumber(asked).data;
  const nextNumber = suggestion?.nextNumber ?? null;
  const firstNumberTyped = form.getFieldState('firstNumber', form.formState).isDirty;
  useEffect(() => {
    if (nextNumber !== null && !firstNumberTyped) form.setValue('firstNumber', String(nextNumber));
  }, [nextNumber, firstNumberTyped, form]);

  const problems = refusal && refusal.numbers === numbersKey(values) ? refusal.problems : null;
  const firstNumber = typeof values.firstNumber === 'string' ? values.firstNumber : '';

  const factoryOptions = scopedFactory
    ? [{ value: scopedFactory.id, label: `${scopedFactory.code} — ${scopedFactory.name}` }]
    : (factories.data ?? []).filter((f) => f.active).map((f) => ({ value: f.id, label: `${f.code} — ${f.name}` }));
  const percent = progress === null ? 0 : Math.round(progress * 100);

  return (
    <FormDialog
      title="Generate batch"
      description="New stove IDs: the prefix, then the number padded to the width, then a check digit. The whole batch is refused if any code already exists."
      onSubmit={onSubmit}
      isSubmitting={isSubmitting}
      isDirty={isDirty}
      onClose={onClose}
      submitLabel={preview ? `Generate ${idCount(preview.count)}` : 'Generate'}
      busyText="Generating..."
      contentClassName="sm:max-w-2xl"
      formClassName="grid gap-4 sm:grid-cols-2"
      footerClassName="sm:col-span-2"
    >
      <SelectField
        form={form}
        name="factoryId"
        label="Factory"
        placeholder={scopedFactory ? undefined : 'Choose a factory'}
        options={factoryOptions}
        disabled={scopedFactory !== null}
        description={scopedFactory ? 'IDs are created at your factory.' : undefined}
        className="sm:col-span-2"
      />
      <TextField
        form={form}
        name="prefix"
        label="Prefix"
        autoComplete="off"
        maxLength={12}
        spellCheck={false}
        className="[&_input]:font-mono [&_input]:uppercase"
        description="1-12 characters of A-Z, 0-9 and -, starting with a letter."
      />
      <TextField
        form={form}
        name="width"
        label="Width"
        type="number"
        inputMode="numeric"
        min={STOVE_WIDTH_MIN}
        max={STOVE_WIDTH_MAX}
        description={`Digits of the number (${STOVE_WIDTH_MIN}-${STOVE_WIDTH_MAX}), zero-padded.`}
      />
      <div className="flex flex-col gap-2">
        <TextField
          form={form}
          name="firstNumber"
          label="First number"
          type="number"
          inputMode="numeric"
          min={0}
          description={suggestion ? nextNumberText(suggestion) : 'Type a prefix for its next free number.'}
        />
        {nextNumber !== null && String(nextNumber) !== firstNumber.trim() ? (
          <Button
            type="button"
            size="sm"
            variant="outline"
            className="self-start"
            onClick={() => form.setValue('firstNumber', String(nextNumber), { shouldValidate: true })}
          >
            Start at {nextNumber.toLocaleString('en-US')}
          </Button>
        ) : null}
      </div>
      <TextField
        form={form}
        name="count"
        label="Count"
        type="number"
        inputMode="numeric"
        min={1}
        max={STOVE_BATCH_MAX}
        description={`At most ${STOVE_BATCH_MAX.toLocaleString('en-US')} IDs.`}
      />
      <TextareaField form={form} name="note" label="Note" rows={2} maxLength={1000} className="sm:col-span-2" />

      <section aria-label="Preview" className="rounded-md border bg-muted/40 p-3 text-sm sm:col-span-2">
        {preview ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1" data-testid="batch-preview">
            <dt className="text-muted-foreground">First code</dt>
            <dd className="font-mono font-medium">{preview.firstCode}</dd>
            <dt className="text-muted-foreground">Last code</dt>
            <dd className="font-mono font-medium">{preview.lastCode}</dd>
            <dt className="text-muted-foreground">IDs</dt>
            <dd className="font-medium">{preview.count.toLocaleString('en-US')}</dd>
          </dl>
        ) : (
          <p className="text-muted-foreground">The first and last codes show here once the fields are filled in.</p>
        )}
      </section>

      {progress !== null ? (
        <div className="flex flex-col gap-2 sm:col-span-2">
          <p id={progressId} className="text-sm font-medium">
            Creating {preview ? idCount(preview.count) : 'IDs'}... {percent}%
          </p>
          <Progress value={percent} aria-labelledby={progressId} />
        </div>
      ) : null}

      {problems ? (
        <div className="sm:col-span-2">
          <CodeProblemsList title="These codes already exist: nothing was created" problems={problems} />
        </div>
      ) : null}
    </FormDialog>
  );
}

/** "Next free number: 1,234 (after STV00012337)." or why there is none. */
function nextNumberText(s: { prefix: string; width: number; highestCode: string | null; nextNumber: number | null }) {
  if (s.nextNumber === null)
    return `No ${s.width}-digit number is left after ${s.highestCode ?? s.prefix}: choose a wider width or another prefix.`;
  return s.highestCode
    ? `Next free number: ${s.nextNumber.toLocaleString('en-US')} (after ${s.highestCode}).`
    : `No ${s.prefix} codes of ${s.width} digits yet: start at ${s.nextNumber.toLocaleString('en-US')}.`;
}

/** The fields a collision depends on, as one comparable text. */
function numbersKey(v: { prefix?: unknown; firstNumber?: unknown; count?: unknown; width?: unknown }): string {
  const text = (x: unknown) => (typeof x === 'string' || typeof x === 'number' ? String(x).trim().toUpperCase() : '');
  return [v.prefix, v.firstNumber, v.count, v.width].map(text).join('|');
}
