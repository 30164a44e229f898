import type { InventoryUnit } from '@common/contracts/inventory';
import { FormDialog } from '@web/components/form/form-dialog';
import { SelectField, TextField } from '@web/components/form/form-fields';
import type { RecordFormDialogProps } from '@web/components/master-data/record-form-slot';
import { useRecordForm } from '@web/components/master-data/use-record-form';
import { useCreateInventoryUnit } from '../api/create-inventory-unit';
import { useUpdateInventoryUnit } from '../api/update-inventory-unit';
import { DECIMALS_OPTIONS, unitFormDefaults, unitFormSchema, unitRequestOf } from './master-data-form.model';
import { changesOf } from './typed-request.model';

/** New unit / Edit: name and symbol (each unique) and how many decimals its quantities take. */
export function UnitFormDialog({ record: unit, onClose }: RecordFormDialogProps<InventoryUnit>) {
  const { mutateAsync: create } = useCreateInventoryUnit();
  const { mutateAsync: update } = useUpdateInventoryUnit();
  const { form, dialog } = useRecordForm({
    record: unit,
    labels: { newTitle: 'New unit', createLabel: 'Create unit', noun: 'unit' },
    schema: unitFormSchema,
    defaultValues: unitFormDefaults(unit),
    save: (values) =>
      unit ? update({ id: unit.id, changes: changesOf(unitRequestOf(unit), values) }) : create(values),
    onClose,
  });

  return (
    <FormDialog
      {...dialog}
      description="How an item is counted: its symbol follows every quantity (12 pcs, 2.5 l)."
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
