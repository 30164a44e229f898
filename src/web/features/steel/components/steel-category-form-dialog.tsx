import { STEEL_UNIT_LABELS, STEEL_UNITS, type SteelCategory } from '@common/contracts/steel';
import { SelectField, TextField } from '@web/components/form/form-fields';
import { FormDialog } from '@web/components/form/form-dialog';
import type { RecordFormDialogProps } from '@web/components/master-data/record-form-slot';
import { useRecordForm } from '@web/components/master-data/use-record-form';
import { useCreateSteelCategory } from '../api/create-steel-category';
import { useUpdateSteelCategory } from '../api/update-steel-category';
import { steelCategoryFormSchema } from './steel-category-form.model';

const UNIT_OPTIONS = STEEL_UNITS.map((unit) => ({ value: unit, label: STEEL_UNIT_LABELS[unit] }));

/** New steel category / Edit: name (unique), grade or thickness, unit and reorder level. */
export function SteelCategoryFormDialog({ record: category, onClose }: RecordFormDialogProps<SteelCategory>) {
  const { mutateAsync: create } = useCreateSteelCategory();
  const { mutateAsync: update } = useUpdateSteelCategory();

  const { form, dialog } = useRecordForm({
    record: category,
    labels: { newTitle: 'New steel category', createLabel: 'Create category', noun: 'steel category' },
    schema: steelCategoryFormSchema,
    defaultValues: {
      name: category?.name ?? '',
      grade: category?.grade ?? '',
      unit: category?.unit ?? '',
      reorderLevel: category ? String(category.reorderLevel) : '',
    },
    save: (values) => (category ? update({ id: category.id, changes: values }) : create(values)),
    onClose,
  });

  return (
    <FormDialog
      {...dialog}
      description="A kind of steel the plant stocks. The name must be unique; stock below the reorder level is flagged on the Steel Overview."
      contentClassName="sm:max-w-xl"
      formClassName="grid gap-4 sm:grid-cols-2"
      footerClassName="sm:col-span-2"
    >
      <TextField
        form={form}
        name="name"
        label="Name"
        autoComplete="off"
        maxLength={200}
        placeholder="Mild steel sheet 1.2 mm"
        className="sm:col-span-2"
      />
      <TextField
        form={form}
        name="grade"
        label="Grade / thickness"
        autoComplete="off"
        maxLength={100}
        placeholder="DC01 1.2 mm"
        className="sm:col-span-2"
      />
      <SelectField
        form={form}
        name="unit"
        label="Unit"
        placeholder="Choose a unit"
        options={UNIT_OPTIONS}
        description={category ? 'Fixed once steel of this category has been recorded.' : undefined}
      />
      <TextField
        form={form}
        name="reorderLevel"
        label="Reorder level"
        inputMode="decimal"
        autoComplete="off"
        placeholder="0"
        description="Flag the category when its total stock falls below this."
      />
    </FormDialog>
  );
}
