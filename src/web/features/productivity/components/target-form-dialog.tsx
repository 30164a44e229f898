import { useWatch } from 'react-hook-form';
import { createProductivityTargetSchema, TARGET_LIMITS } from '@common/contracts/productivity';
import { FormDialog } from '@web/components/form/form-dialog';
import { SelectField, TextField } from '@web/components/form/form-fields';
import { useAppForm } from '@web/components/form/use-app-form';
import { useFactoryOptions } from '@web/lib/factory-options';
import { useCreateProductivityTarget } from '../api/create-productivity-target';
import { formatDay } from './productivity-format.model';
import { localToday } from '@web/lib/local-today';

/** New target: the default or one factory's, from an effective date on. */
export function TargetFormDialog({ onClose }: { onClose: () => void }) {
  const factories = useFactoryOptions();
  const { mutateAsync: create } = useCreateProductivityTarget();
  const today = localToday();
  const { form, onSubmit, isSubmitting, isDirty } = useAppForm({
    schema: createProductivityTargetSchema,
    defaultValues: { factoryId: '', effectiveFrom: today, stovesPerCouplerPerDay: '', hoursPerDay: '8' },
    onSubmit: create,
    successMessage: (target) =>
      `Target saved: ${target.factory ? target.factory.name : 'the default'} from ${formatDay(target.effectiveFrom)}`,
    onSuccess: onClose,
    errorTitle: 'The target was not saved',
  });
  const effectiveFrom = useWatch({ control: form.control, name: 'effectiveFrom' });
  const scopeOptions = [
    { value: '', label: 'Default (every factory without its own target)' },
    ...(factories.data ?? []).filter((f) => f.active).map((f) => ({ value: f.id, label: `${f.code} — ${f.name}` })),
  ];

  return (
    <FormDialog
      title="New target"
      description="A factory's own target beats the default. Each takes effect on its date and stays until a later one of the same scope starts."
      onSubmit={onSubmit}
      isSubmitting={isSubmitting}
      isDirty={isDirty}
      onClose={onClose}
      submitLabel="Save target"
      busyText="Saving..."
      contentClassName="sm:max-w-xl"
      formClassName="grid gap-4 sm:grid-cols-2"
      footerClassName="sm:col-span-2"
    >
      <SelectField form={form} name="factoryId" label="Applies to" options={scopeOptions} className="sm:col-span-2" />
      <TextField
        form={form}
        name="effectiveFrom"
        label="Effective from"
        type="date"
        className="sm:col-span-2"
        description={
          typeof effectiveFrom === 'string' && effectiveFrom !== '' && effectiveFrom < today
            ? 'This day has passed: the new target also applies to the days already reported from then on.'
            : 'Until this day, the target in force before it stays.'
        }
      />
      <TextField
        form={form}
        name="stovesPerCouplerPerDay"
        label="Stoves per coupler per day"
        type="number"
        inputMode="decimal"
        min={0}
        max={TARGET_LIMITS.stovesMax}
        step="any"
      />
      <TextField
        form={form}
        name="hoursPerDay"
        label="Working hours per day"
        type="number"
        inputMode="decimal"
        min={0}
        max={TARGET_LIMITS.hoursMax}
        step="any"
      />
    </FormDialog>
  );
}
