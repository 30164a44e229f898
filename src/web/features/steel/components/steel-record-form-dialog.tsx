import { useWatch } from 'react-hook-form';
import { problemsOf } from '@web/components/code-entry/code-problems.model';
import { SelectField, TextareaField, TextField } from '@web/components/form/form-fields';
import { FormDialog } from '@web/components/form/form-dialog';
import { useAppForm } from '@web/components/form/use-app-form';
import { useFactoryOptions } from '@web/lib/factory-options';
import { formatSteelQuantity, STEEL_RECORD_KIND_LABELS } from '@common/contracts/steel';
import { useCreateSteelRecord } from '../api/create-steel-record';
import { useSteelCategoryOptions } from '@web/lib/steel-category-options';
import {
  quantityHint,
  quantityLabel,
  STEEL_ENTRY_KIND_OPTIONS,
  steelRecordFormSchema,
} from './steel-record-form.model';
import { localToday } from '@web/lib/local-today';
import type { SteelViewer } from './steel-viewer';

interface SteelRecordFormDialogProps {
  viewer: SteelViewer;
  /** Preselected category (e.g. the list's category filter). */
  categoryId?: string | undefined;
  onClose: () => void;
}

/**
 * Record movement: steel received, used, scrapped or adjusted at a factory (the user's own when
 * factory-scoped). A movement that would take the stock below zero is refused and nothing is
 * written: the shortage shows under the quantity.
 */
export function SteelRecordFormDialog({ viewer, categoryId, onClose }: SteelRecordFormDialogProps) {
  const factories = useFactoryOptions();
  const categories = useSteelCategoryOptions();
  const { mutateAsync: create } = useCreateSteelRecord();
  const own = viewer.isGlobal ? null : viewer.factory;

  const { form, onSubmit, isSubmitting, isDirty } = useAppForm({
    schema: steelRecordFormSchema,
    defaultValues: {
      date: localToday(),
      factoryId: own?.id ?? '',
      categoryId: categoryId ?? '',
      kind: '',
      quantity: '',
      supplier: '',
      unitCost: '',
      reference: '',
      note: '',
    },
    onSubmit: async (values) => {
      try {
        return await create(values);
      } catch (error) {
        const shortages = problemsOf(error);
        if (shortages) {
          form.setError(
            'quantity',
            { type: 'server', message: shortages.map((s) => s.reason).join(' ') },
            { shouldFocus: true },
          );
        }
        throw error;
      }
    },
    successMessage: (record) =>
      `${STEEL_RECORD_KIND_LABELS[record.kind]}: ${formatSteelQuantity(Math.abs(record.quantity), record.category.unit)} of ${record.category.name} at ${record.factory.code}`,
    onSuccess: onClose,
    errorTitle: 'Could not record the movement',
  });

  const kind = useWatch({ control: form.control, name: 'kind' });
  const chosenCategory = useWatch({ control: form.control, name: 'categoryId' });
  const unit = categories.data?.find((c) => c.id === chosenCategory)?.unit;

  const factoryOptions = own
    ? [{ value: own.id, label: `${own.code} — ${own.name}` }]
    : (factories.data ?? []).filter((f) => f.active).map((f) => ({ value: f.id, label: `${f.code} — ${f.name}` }));
  const categoryOptions = (categories.data ?? []).map((c) => ({
    value: c.id,
    label: c.grade ? `${c.name} (${c.grade})` : c.name,
  }));

  return (
    <FormDialog
      title="Record movement"
      description="Steel received, used, scrapped or corrected at a factory. Stock never goes below zero: a movement that would is refused and nothing is recorded."
      onSubmit={onSubmit}
      isSubmitting={isSubmitting}
      isDirty={isDirty}
      onClose={onClose}
      submitLabel="Record movement"
      busyText="Recording..."
      contentClassName="max-h-[90svh] overflow-y-auto sm:max-w-2xl"
      formClassName="grid gap-4 sm:grid-cols-2"
      footerClassName="sm:col-span-2"
    >
      <TextField form={form} name="date" label="Date" type="date" max={localToday()} />
      <SelectField
        form={form}
        name="factoryId"
        label="Factory"
        placeholder={own ? undefined : 'Choose a factory'}
        options={factoryOptions}
        disabled={own !== null}
        description={own ? 'Your factory.' : undefined}
      />
      <SelectField
        form={form}
        name="categoryId"
        label="Steel category"
        placeholder={categories.isPending ? 'Loading categories...' : 'Choose a category'}
        options={categoryOptions}
        className="sm:col-span-2"
        description={
          categories.data && categories.data.length === 0
            ? 'There is no active steel category: add one on Steel Categories first.'
            : undefined
        }
      />
      <SelectField
        form={form}
        name="kind"
        label="Kind"
        placeholder="Choose a kind"
        options={STEEL_ENTRY_KIND_OPTIONS}
      />
      <TextField
        form={form}
        name="quantity"
        label={quantityLabel(unit)}
        inputMode="decimal"
        autoComplete="off"
        description={quantityHint(kind)}
      />
      {kind === 'received' ? (
        <>
          <TextField form={form} name="supplier" label="Supplier" autoComplete="off" maxLength={200} />
          <TextField
            form={form}
            name="unitCost"
            label={unit ? `Unit cost (per ${unit === 'kg' ? 'kg' : 'sheet'})` : 'Unit cost'}
            inputMode="decimal"
            autoComplete="off"
          />
        </>
      ) : null}
      <TextField
        form={form}
        name="reference"
        label="Reference"
        autoComplete="off"
        maxLength={100}
        placeholder="GRN, delivery note or job number"
        className="sm:col-span-2"
      />
      <TextareaField form={form} name="note" label="Note" rows={2} maxLength={1000} className="sm:col-span-2" />
    </FormDialog>
  );
}
