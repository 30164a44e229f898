import { useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { SendIcon } from 'lucide-react';
import { ckdTransferNumberLabel } from '@common/contracts/ckd';
import type { MeResponse } from '@common/contracts/me';
import type { CodeProblem } from '@common/contracts/stove-ids';
import { problemsOf } from '@web/components/code-entry/code-problems.model';
import { ConfirmDialog } from '@web/components/form/confirm-dialog';
import { SelectField, TextareaField, TextField } from '@web/components/form/form-fields';
import { SubmitButton } from '@web/components/form/submit-button';
import { useAppForm } from '@web/components/form/use-app-form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { useFactoryOptions } from '@web/lib/factory-options';
import { useCreateCkdTransfer } from '../api/create-ckd-transfer';
import { useCkdStock } from '../api/get-ckd-stock';
import {
  ckdTransferFormSchema,
  kitCount,
  kitsInStock,
  nameWithCode,
  transferShortfall,
  typedKits,
  type CkdTransferFormValues,
} from './ckd.model';
import { localToday } from '@web/lib/local-today';
import { LoadError } from '@web/components/ui/load-error';
import { ShortageList } from './shortage-list';

/**
 * Send kits to another factory: from (the user's own factory when factory-scoped), to, category
 * with the kits in stock at the sender, quantity, date and note; asks before sending. Kits move at
 * once; short stock is refused by the server and shown.
 */
export function CkdTransferForm({ viewer }: { viewer: Pick<MeResponse, 'isGlobal' | 'factory'> }) {
  const factories = useFactoryOptions();
  const { mutateAsync: send } = useCreateCkdTransfer();
  const [confirming, setConfirming] = useState(false);
  const [problems, setProblems] = useState<CodeProblem[] | null>(null);
  const ids = { stock: useId(), title: useId() };
  const ownFactory = viewer.isGlobal ? null : viewer.factory;

  const defaults: CkdTransferFormValues = {
    fromFactoryId: ownFactory?.id ?? '',
    toFactoryId: '',
    categoryId: '',
    quantity: '',
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
      `${ckdTransferNumberLabel(transfer.number)}: ${kitCount(transfer.quantity)} of ${transfer.category.name} sent to ${transfer.to.name}`,
    // The same route again is likely: keep the factories, category and date.
    onSuccess: () => form.reset({ ...form.getValues(), quantity: '', note: '' }),
    errorTitle: 'The kits were not transferred',
  });
  const [fromFactoryId, toFactoryId, categoryId, quantity] = useWatch({
    control: form.control,
    name: ['fromFactoryId', 'toFactoryId', 'categoryId', 'quantity'],
  });

  const stock = useCkdStock(fromFactoryId || undefined, { enabled: fromFactoryId !== '' });
  const available = fromFactoryId && categoryId ? kitsInStock(stock.data, fromFactoryId, categoryId) : null;
  const kits = typedKits(quantity);
  const shortfall = transferShortfall(available, kits);

  const active = (factories.data ?? []).filter((f) => f.active);
  const fromOptions = ownFactory
    ? [{ value: ownFactory.id, label: nameWithCode(ownFactory) }]
    : active.map((f) => ({ value: f.id, label: nameWithCode(f) }));
  const toOptions = active.filter((f) => f.id !== fromFactoryId).map((f) => ({ value: f.id, label: nameWithCode(f) }));
  const categoryOptions = (stock.data?.categories ?? []).map((c) => {
    const held = kitsInStock(stock.data, fromFactoryId, c.id) ?? 0;
    return { value: c.id, label: `${nameWithCode(c)}: ${held.toLocaleString('en-US')} in stock` };
  });
  const fromName = fromOptions.find((f) => f.value === fromFactoryId)?.label ?? 'the sending factory';
  const toName = toOptions.find((f) => f.value === toFactoryId)?.label ?? 'the receiving factory';
  const categoryName = stock.data?.categories.find((c) => c.id === categoryId)?.name ?? 'kits';

  /** Checks the fields, then asks before sending. */
  const review = async () => {
    if (await form.trigger()) setConfirming(true);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle id={ids.title}>Send kits</CardTitle>
        <CardDescription>Kits move at once: the sender's stock goes down and the receiver's up.</CardDescription>
      </CardHeader>
      <CardContent>
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
            <SelectField
              form={form}
              name="categoryId"
              label="CKD category"
              placeholder={
                !fromFactoryId
                  ? 'Choose the sending factory first'
                  : stock.isPending
                    ? 'Loading stock...'
                    : 'Choose a category'
              }
              options={categoryOptions}
              disabled={!fromFactoryId}
            />
          )}
          <div className="flex flex-col gap-2">
            <TextField
              form={form}
              name="quantity"
              label="Kits to send"
              inputMode="numeric"
              autoComplete="off"
              aria-describedby={ids.stock}
            />
            <p id={ids.stock} role="status" aria-live="polite" className="text-sm text-muted-foreground">
              {available === null ? '' : `Available: ${kitCount(available)}.`}{' '}
              {shortfall ? <span className="text-destructive">{shortfall}</span> : null}
            </p>
          </div>
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
          <div className="sm:col-span-2">
            <SubmitButton busy={isSubmitting} busyText="Sending...">
              <SendIcon aria-hidden="true" />
              {kits ? `Send ${kitCount(kits)}` : 'Send kits'}
            </SubmitButton>
          </div>
        </form>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Send ${kitCount(kits ?? 0)} of ${categoryName}?`}
        description={`From ${fromName} to ${toName}. The kits move at once; a transfer cannot be undone, only sent back.`}
        confirmLabel="Send"
        busyLabel="Sending..."
        destructive={false}
        onConfirm={onSubmit}
      />
    </Card>
  );
}
