import { useId, useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { producedRecordNumberLabel, type ProducedRecord } from '@common/contracts/ckd';
import type { MeResponse } from '@common/contracts/me';
import type { CodeProblem } from '@common/contracts/stove-ids';
import { problemsOf } from '@web/components/code-entry/code-problems.model';
import { FormDialog } from '@web/components/form/form-dialog';
import { SelectField, TextareaField, TextField } from '@web/components/form/form-fields';
import { useAppForm } from '@web/components/form/use-app-form';
import { Loading } from '@web/components/ui/loading';
import { useFactoryOptions } from '@web/lib/factory-options';
import { useCreateProducedRecord } from '../api/create-produced-record';
import { useCkdCategories } from '../api/get-ckd-categories';
import { LoadError } from '@web/components/ui/load-error';
import { kitCount, nameWithCode, producedRecordFormSchema, steelNeeded, typedKits } from './ckd.model';
import { localToday } from '@web/lib/local-today';
import { ShortageList } from './shortage-list';
import { SteelNeededTable } from './steel-needed-table';

/** Every active category with its steel usage (there are a handful, never more than a page). */
const ACTIVE_CATEGORIES = { active: 'true', sort: 'name', limit: 200 } as const;

interface ProducedRecordFormDialogProps {
  viewer: Pick<MeResponse, 'isGlobal' | 'factory'>;
  onClose: () => void;
}

/**
 * Record produced kits: date, plant, CKD category, quantity and note. Shows the steel the kits
 * will consume; when a plant lacks steel the record is refused as a whole and each short steel
 * category is listed.
 */
export function ProducedRecordFormDialog({ viewer, onClose }: ProducedRecordFormDialogProps) {
  const factories = useFactoryOptions();
  const categories = useCkdCategories(ACTIVE_CATEGORIES);
  const { mutateAsync: create } = useCreateProducedRecord();
  const [problems, setProblems] = useState<CodeProblem[] | null>(null);
  const steelId = useId();
  const ownFactory = viewer.isGlobal ? null : viewer.factory;

  const { form, onSubmit, isSubmitting, isDirty } = useAppForm({
    schema: producedRecordFormSchema,
    defaultValues: { date: localToday(), factoryId: ownFactory?.id ?? '', categoryId: '', quantity: '', note: '' },
    onSubmit: async (values) => {
      setProblems(null);
      try {
        return await create(values);
      } catch (error) {
        setProblems(problemsOf(error));
        throw error;
      }
    },
    successMessage: (record: ProducedRecord) =>
      `${producedRecordNumberLabel(record.number)}: ${kitCount(record.quantity)} of ${record.category.name} recorded`,
    onSuccess: onClose,
    errorTitle: 'The kits were not recorded',
  });

  const [categoryId, quantity] = useWatch({ control: form.control, name: ['categoryId', 'quantity'] });
  const category = categories.data?.items.find((c) => c.id === categoryId);
  const kits = typedKits(quantity);
  const needs = useMemo(() => (category ? steelNeeded(category.steelUsage, kits ?? 0) : []), [category, kits]);

  const plants = (factories.data ?? []).filter((f) => f.active && f.kind !== 'assembly');
  const plantOptions = ownFactory
    ? [{ value: ownFactory.id, label: nameWithCode(ownFactory) }]
    : plants.map((f) => ({ value: f.id, label: nameWithCode(f) }));
  const categoryOptions = (categories.data?.items ?? []).map((c) => ({
    value: c.id,
    label: `${nameWithCode(c)} · ${c.stoveModel}`,
  }));

  return (
    <FormDialog
      title="Record produced kits"
      description="Kits made at a plant are added to its stock, and the steel their category uses is taken from the plant's steel stock, all at once."
      onSubmit={onSubmit}
      isSubmitting={isSubmitting}
      isDirty={isDirty}
      onClose={onClose}
      submitLabel={kits ? `Record ${kitCount(kits)}` : 'Record kits'}
      busyText="Recording..."
      contentClassName="max-h-[90svh] overflow-y-auto sm:max-w-2xl"
      formClassName="grid gap-4 sm:grid-cols-2"
      footerClassName="sm:col-span-2"
    >
      <TextField form={form} name="date" label="Date" type="date" max={localToday()} />
      <SelectField
        form={form}
        name="factoryId"
        label="Plant"
        placeholder={ownFactory ? undefined : 'Choose a plant'}
        options={plantOptions}
        disabled={ownFactory !== null}
        description={ownFactory ? 'Kits are recorded at your factory.' : 'Plants and factories that are both.'}
      />
      {categories.isError ? (
        <div className="sm:col-span-2">
          <LoadError what="the CKD categories" error={categories.error} onRetry={() => void categories.refetch()} />
        </div>
      ) : (
        <SelectField
          form={form}
          name="categoryId"
          label="CKD category"
          placeholder={categories.isPending ? 'Loading categories...' : 'Choose a category'}
          options={categoryOptions}
        />
      )}
      <TextField form={form} name="quantity" label="Kits produced" inputMode="numeric" autoComplete="off" />
      <TextareaField
        form={form}
        name="note"
        label="Note (optional)"
        rows={2}
        maxLength={1000}
        className="sm:col-span-2"
      />

      <section aria-labelledby={steelId} className="flex flex-col gap-2 sm:col-span-2">
        <h3 id={steelId} className="text-sm font-medium">
          Steel this uses
        </h3>
        {categories.isPending ? (
          <Loading label="Loading steel usage..." className="justify-start" />
        ) : !category ? (
          <p className="text-sm text-muted-foreground">Choose a category to see the steel its kits use.</p>
        ) : needs.length === 0 ? (
          <p className="text-sm text-muted-foreground">{category.name} uses no steel: only kits are added.</p>
        ) : (
          <SteelNeededTable needs={needs} kits={kits} />
        )}
      </section>

      {problems ? (
        <div className="sm:col-span-2">
          <ShortageList
            title="Not enough steel: nothing was recorded"
            hint="Record the steel received on Steel Records, or record fewer kits."
            problems={problems}
          />
        </div>
      ) : null}
    </FormDialog>
  );
}
