import type { InventoryUnit } from '@common/contracts/inventory';
import { FormDialog } from '@web/components/form/form-dialog';
import { SelectField, TextField } from '@web/components/form/form-fields';
import { useAppForm } from '@web/components/form/use-app-form';
import { useCreateInventoryUnit } from '../api/create-inventory-unit';
import { useUpdateInventoryUnit } from '../api/update-inventory-unit';
import { DECIMALS_OPTIONS, unitFormDefaults, unitFormSchema, unitRequestOf } from './master-data-form.model';
import { changesOf } from './typed-request.model';

/** New unit / Edit: name and symbol (each unique) and how many decimals its quantities take. */
export function UnitFormDialog({ unit, onClose }: { unit: InventoryUnit | null; onClose: () => void }) {
  const { mutateAsync: create } = useCreateInventoryUnit();
  const { mutateAsync: update } = useUpdateInventoryUnit();
  const { form, onSubmit, isSubmitting, isDirty } = useAppForm({
    schema: unitFormSchema,
    defaultValues: unitFormDefaults(unit),
    onSubmit: (values) =>
      unit ? update({ id: unit.id, changes: changesOf(unitRequestOf(unit), values) }) : create(values),
    successMessage: (saved) => (unit ? `${saved.name} saved` : `${saved.name} created`),
    onSuccess: onClose,
    errorTitle: unit ? 'Could not save the unit' : 'Could not create the unit',
  });

  return (
    <FormDialog
      title={unit ? `Edit ${unit.name}` : 'New unit'}
      description="How an item is counted: its symbol follows every quantity (12 pcs, 2.5 l)."
      onSubmit={onSubmit}
      isSubmitting={isSubmitting}
      isDirty={isDirty}
      onClose={onClose}
      submitLabel={unit ? 'Save changes' : 'Create unit'}
      busyText={unit ? 'Saving...' : 'Creating...'}
      submitDisabled={unit !== null && !isDirty}
      formClassName="grid gap-4 sm:grid-cols-2"
      footerClassName="sm:col-span-2"
    >
      <TextField form={form} name="name" label="Name" autoComplete="off" maxLength={50} placeholder="Pieces" />
      <TextField form={form} name="symbol" label="Symbol" autoComplete="off" maxLength={10} placeholder="pcs" />
      <SelectField
        form={form}
        name="decimals"
        label="Decimals"
        options={DECIMALS_OPTIONS}
        className="sm:col-span-2"
        description={
          unit && unit.itemCount > 0
            ? 'Items use this unit: the decimals can be raised, not lowered.'
            : 'Pieces take whole numbers; litres or kilograms may take decimals.'
        }
      />
    </FormDialog>
  );
}
