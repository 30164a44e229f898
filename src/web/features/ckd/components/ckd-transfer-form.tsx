import { useId, useState } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { PlusIcon, SendIcon, Trash2Icon } from 'lucide-react';
import { z } from 'zod';
import { CKD_TRANSFER_LINES_MAX, ckdTransferNumberLabel } from '@common/contracts/ckd';
import type { MeResponse } from '@common/contracts/me';
import type { CodeProblem } from '@common/contracts/stove-ids';
import { problemsOf } from '@web/components/code-entry/code-problems.model';
import { ConfirmDialog } from '@web/components/form/confirm-dialog';
import { DraftNotice } from '@web/components/form/draft-notice';
import { SelectField, TextareaField, TextField } from '@web/components/form/form-fields';
import { SubmitButton } from '@web/components/form/submit-button';
import { useAppForm } from '@web/components/form/use-app-form';
import { useFormDraft } from '@web/components/form/use-form-draft';
import type { DraftOwner } from '@web/lib/use-draft';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { useFactoryOptions } from '@web/lib/factory-options';
import { useCreateCkdTransfer } from '../api/create-ckd-transfer';
import { useCkdStock } from '../api/get-ckd-stock';
import {
  ckdTransferFormSchema,
  kitCount,
  kitsInStock,
  lineShortfalls,
  nameWithCode,
  transferLinesText,
  typedKits,
  type CkdTransferDraftLine,
  type CkdTransferFormValues,
} from './ckd.model';
import { localToday } from '@web/lib/local-today';
import { LoadError } from '@web/components/ui/load-error';
import { ShortageList } from './shortage-list';

/**
 * Send kits to another factory: from (the user's own factory when factory-scoped), to, one line per
 * CKD category (with the kits in stock at the sender) and its quantity, date and note; asks before
 * sending, unless a line already shows it is short. Kits move at once, on one KT- transfer, all or
 * nothing; short stock is refused by the server and shown.
 */
export function CkdTransferForm({ viewer }: { viewer: Pick<MeResponse, 'isGlobal' | 'factory'> & DraftOwner }) {
  const factories = useFactoryOptions();
  const { mutateAsync: send } = useCreateCkdTransfer();
  const [confirming, setConfirming] = useState(false);
  const [problems, setProblems] = useState<CodeProblem[] | null>(null);
  const ids = { title: useId(), lines: useId() };
  const ownFactory = viewer.isGlobal ? null : viewer.factory;

  const defaults: CkdTransferFormValues = {
    fromFactoryId: ownFactory?.id ?? '',
    toFactoryId: '',
    lines: [{ ...EMPTY_LINE }],
    date: localToday(),
    note: '',
  };
  const { form, onSubmit, isSubmitting } = useAppForm({
    schema: ckdTransferFormSchema,
    defaultValues: defaults,
    onSubmit: async (values) => {
      setProblems(null);
      try {
        return await send(values);
      } catch (error) {
        setProblems(problemsOf(error));
        throw error;
      }
    },
    successMessage: (transfer) =>
      `${ckdTransferNumberLabel(transfer.number)}: ${kitCount(transfer.quantity)} sent to ${transfer.to.name} (${transferLinesText(transfer.lines)})`,
    // The same route again is likely: keep the factories and the date.
    onSuccess: () => {
      draft.clear();
      form.reset({ ...form.getValues(), lines: [{ ...EMPTY_LINE }], note: '' });
    },
    errorTitle: 'The kits were not transferred',
  });
  const draft = useFormDraft(form, {
    screen: 'ckd-transfer',
    userId: viewer.user.id,
    schema: draftSchema,
    isEmpty: (values) => !values.note?.trim() && values.lines.every((l) => !l.categoryId && !l.quantity.trim()),
    defaultValues: defaults,
  });
  const lineFields = useFieldArray({ control: form.control, name: 'lines' });
  const [fromFactoryId, toFactoryId] = useWatch({ control: form.control, name: ['fromFactoryId', 'toFactoryId'] });
  const lines = useWatch({ control: form.control, name: 'lines' }) ?? [];

  const stock = useCkdStock(fromFactoryId || undefined, { enabled: fromFactoryId !== '' });
  const shortfalls = lineShortfalls(stock.data, fromFactoryId, lines);
  const short = shortfalls.some((s) => s !== null);
  const totalKits = lines.reduce((n, l) => n + (typedKits(l.quantity) ?? 0), 0);

  const active = (factories.data ?? []).filter((f) => f.active);
  const fromOptions = ownFactory
    ? [{ value: ownFactory.id, label: nameWithCode(ownFactory) }]
    : active.map((f) => ({ value: f.id, label: nameWithCode(f) }));
  const toOptions = active.filter((f) => f.id !== fromFactoryId).map((f) => ({ value: f.id, label: nameWithCode(f) }));
  const categoryOptions = (stock.data?.categories ?? []).map((c) => {
    const held = kitsInStock(stock.data, fromFactoryId, c.id) ?? 0;
    return { value: c.id, label: `${nameWithCode(c)}: ${held.toLocaleString('en-US')} in stock` };
  });
  const categoryPlaceholder = !fromFactoryId
    ? 'Choose the sending factory first'
    : stock.isPending
      ? 'Loading stock...'
      : 'Choose a category';
  const fromName = fromOptions.find((f) => f.value === fromFactoryId)?.label ?? 'the sending factory';
  const toName = toOptions.find((f) => f.value === toFactoryId)?.label ?? 'the receiving factory';
  const confirmLines = transferLinesText(
    lines.flatMap((l) => {
      const category = stock.data?.categories.find((c) => c.id === l.categoryId);
      const quantity = typedKits(l.quantity);
      return category && quantity ? [{ category, quantity }] : [];
    }),
  );
  const full = lineFields.fields.length >= CKD_TRANSFER_LINES_MAX;
  const linesError = form.formState.errors.lines as { message?: string; root?: { message?: string } } | undefined;

  const addLine = () => {
    if (!full)
      lineFields.append(
        { ...EMPTY_LINE },
        { shouldFocus: true, focusName: `lines.${lineFields.fields.length}.categoryId` },
      );
  };

  /** Checks the fields, then asks before sending; never while a line is already short (it says so). */
  const review = async () => {
    if ((await form.trigger()) && !short) setConfirming(true);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle id={ids.title}>Send kits</CardTitle>
        <CardDescription>
          Kits move at once: the sender&apos;s stock goes down and the receiver&apos;s up. Several categories go on one
          transfer, all or nothing.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <DraftNotice draft={draft} describe={describeDraft} />
        <form
          aria-labelledby={ids.title}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void review();
          }}
          className="grid gap-4 sm:grid-cols-2"
        >
          <SelectField
            form={form}
            name="fromFactoryId"
            label="From"
            placeholder={ownFactory ? undefined : 'Choose the sending factory'}
            options={fromOptions}
            disabled={ownFactory !== null}
            description={ownFactory ? 'Kits are sent from your factory.' : undefined}
          />
          <SelectField
            form={form}
            name="toFactoryId"
            label="To"
            placeholder="Choose the receiving factory"
            options={toOptions}
          />
          {stock.isError ? (
            <div className="sm:col-span-2">
              <LoadError what="the kit stock" error={stock.error} onRetry={() => void stock.refetch()} />
            </div>
          ) : (
            <fieldset className="flex min-w-0 flex-col gap-3 sm:col-span-2" aria-describedby={ids.lines}>
              <legend className="mb-1 text-sm font-medium">Kits to send</legend>
              <p id={ids.lines} className="text-sm text-muted-foreground">
                One line per CKD category, each category once.
              </p>
              <ol className="flex flex-col gap-3" aria-label="Kit lines">
                {lineFields.fields.map((field, index) => {
                  const line = lines[index];
                  const available =
                    fromFactoryId && line?.categoryId ? kitsInStock(stock.data, fromFactoryId, line.categoryId) : null;
                  const shortfall = shortfalls[index];
                  return (
                    <li
                      key={field.id}
                      className="grid items-start gap-3 rounded-md border p-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto]"
                    >
                      <SelectField
                        form={form}
                        name={`lines.${index}.categoryId`}
                        label={`Line ${index + 1} CKD category`}
                        placeholder={categoryPlaceholder}
                        options={categoryOptions}
                        disabled={!fromFactoryId}
                      />
                      <TextField
                        form={form}
                        name={`lines.${index}.quantity`}
                        label={`Line ${index + 1} kits`}
                        inputMode="numeric"
                        autoComplete="off"
                        description={
                          shortfall ? (
                            <span className="text-destructive">{shortfall}</span>
                          ) : available === null ? undefined : (
                            `Available: ${kitCount(available)}.`
                          )
                        }
                      />
                      <Button
                        variant="ghost"
                        size="icon"
                        className="justify-self-end sm:mt-7"
                        aria-label={`Remove line ${index + 1}`}
                        disabled={lineFields.fields.length === 1}
                        onClick={() => lineFields.remove(index)}
                      >
                        <Trash2Icon aria-hidden="true" />
                      </Button>
                    </li>
                  );
                })}
              </ol>
              {(linesError?.message ?? linesError?.root?.message) ? (
                <p role="alert" className="text-sm text-destructive">
                  {linesError.message ?? linesError.root?.message}
                </p>
              ) : null}
              <Button variant="outline" size="sm" className="w-fit" disabled={full} onClick={addLine}>
                <PlusIcon aria-hidden="true" />
                Add a category
              </Button>
            </fieldset>
          )}
          <TextField form={form} name="date" label="Date" type="date" max={localToday()} />
          <TextareaField form={form} name="note" label="Note (optional)" rows={2} maxLength={1000} />
          {problems ? (
            <div className="sm:col-span-2">
              <ShortageList
                title="Not enough kits: nothing was sent"
                hint="Send fewer kits, or record more produced kits first."
                problems={problems}
              />
            </div>
          ) : null}
          <div className="flex flex-col gap-2 sm:col-span-2">
            {short ? (
              <p className="text-sm text-destructive" role="status">
                A line asks for more kits than the sending factory holds: lower it before sending.
              </p>
            ) : null}
            <SubmitButton busy={isSubmitting} busyText="Sending...">
              <SendIcon aria-hidden="true" />
              {totalKits > 0 ? `Send ${kitCount(totalKits)}` : 'Send kits'}
            </SubmitButton>
          </div>
        </form>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Send ${kitCount(totalKits)} to ${toName}?`}
        description={`From ${fromName}: ${confirmLines}. The kits move at once; a transfer cannot be undone, only sent back.`}
        confirmLabel="Send"
        busyLabel="Sending..."
        destructive={false}
        onConfirm={onSubmit}
      />
    </Card>
  );
}

const EMPTY_LINE: CkdTransferDraftLine = { categoryId: '', quantity: '' };

/** What a draft of the form keeps: the values as typed. */
const draftSchema: z.ZodType<CkdTransferFormValues> = z.object({
  fromFactoryId: z.string(),
  toFactoryId: z.string(),
  lines: z.array(z.object({ categoryId: z.string(), quantity: z.string() })),
  date: z.string(),
  note: z.string(),
});

function describeDraft(values: CkdTransferFormValues): string {
  const total = values.lines.reduce((n, l) => n + (typedKits(l.quantity) ?? 0), 0);
  return total > 0 ? `${kitCount(total)} to send` : 'a kit transfer';
}
