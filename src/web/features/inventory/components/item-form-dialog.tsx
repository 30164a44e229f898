import { useWatch } from 'react-hook-form';
import type { InventoryItem } from '@common/contracts/inventory';
import { FormDialog } from '@web/components/form/form-dialog';
import { SelectField, TextareaField, TextField } from '@web/components/form/form-fields';
import type { RecordFormDialogProps } from '@web/components/master-data/record-form-slot';
import { useRecordForm } from '@web/components/master-data/use-record-form';
import { useCreateInventoryItem } from '../api/create-inventory-item';
import { useInventoryOptions } from '../api/get-inventory-options';
import { useUpdateInventoryItem } from '../api/update-inventory-item';
import { itemChoices, itemFormDefaults, itemFormSchema, itemRequestOf } from './master-data-form.model';
import { changesOf } from './typed-request.model';

/**
 * New item / Edit: a unique name, its category and unit (active ones), the reorder level in that
 * unit and a description. The unit is fixed once the item has movements.
 */
export function ItemFormDialog({ record: item, onClose }: RecordFormDialogProps<InventoryItem>) {
  const options = useInventoryOptions();
  const { mutateAsync: create } = useCreateInventoryItem();
  const { mutateAsync: update } = useUpdateInventoryItem();
  const { form, dialog } = useRecordForm({
    record: item,
    labels: { newTitle: 'New item', createLabel: 'Create item', noun: 'item' },
    schema: itemFormSchema,
    defaultValues: itemFormDefaults(item),
    save: (values) =>
      item ? update({ id: item.id, changes: changesOf(itemRequestOf(item), values) }) : create(values),
    onClose,
  });
  const choices = itemChoices(options.data, item);
  const unitId = useWatch({ control: form.control, name: 'unitId' });
  const unit = options.data?.units.find((u) => u.id === unitId) ?? (item?.unit.id === unitId ? item.unit : undefined);
  const unitLocked = item?.hasMovements ?? false;
  const loading = options.isPending ? 'Loading...' : undefined;

  return (
    <FormDialog
      {...dialog}
      description="Something the factories keep in stock. Stock below the reorder level is flagged on the Overview."
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
        placeholder="Packing tape 48 mm"
        className="sm:col-span-2"
      />
      <SelectField
        form={form}
        name="categoryId"
        label="Category"
        placeholder={loading ?? 'Choose a category'}
        options={choices.categories}
        description={
          options.data && choices.categories.length === 0
            ? 'No active category: add one on Categories first.'
            : undefined
        }
      />
      <SelectField
        form={form}
        name="unitId"
        label="Unit"
        placeholder={loading ?? 'Choose a unit'}
        options={choices.units}
        disabled={unitLocked}
        description={
          unitLocked
            ? 'Fixed: this item already has stock movements.'
            : options.data && choices.units.length === 0
              ? 'No active unit: add one on Units first.'
              : undefined
        }
      />
      <TextField
        form={form}
        name="reorderLevel"
        label={unit ? `Reorder level (${unit.symbol})` : 'Reorder level'}
        inputMode="decimal"
        autoComplete="off"
        placeholder="0"
        description="Flag a factory's stock of this item when it falls below this."
      />
      <TextareaField
        form={form}
        name="description"
        label="Description (optional)"
        rows={2}
        maxLength={1000}
        className="sm:col-span-2"
      />
    </FormDialog>
  );
}
