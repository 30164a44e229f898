import { useWatch } from 'react-hook-form';
import { INVENTORY_REMOVAL_REASON_LABELS, INVENTORY_REMOVAL_REASONS } from '@common/contracts/inventory';
import { SelectField, TextareaField, TextField } from '@web/components/form/form-fields';
import { useCreateInventoryRemoval } from '../api/create-inventory-removal';
import { EntryFormCard, FactorySelectField, factoryRef } from './entry-form-card';
import { EMPTY_REMOVAL_LINE, removalFormDefaults, removalFormSchema, removalFormFields } from './entry-form.model';
import { localToday } from '@web/lib/local-today';
import { EntryLines } from './entry-lines';
import type { InventoryViewer } from './inventory-viewer';
import type { DraftOwner } from '@web/lib/use-draft';
import { useEntryForm } from './use-entry-form';

const REASON_OPTIONS = INVENTORY_REMOVAL_REASONS.map((value) => ({
  value,
  label: INVENTORY_REMOVAL_REASON_LABELS[value],
}));

/** Remove Items: stock taken out at a factory, a reason per line; never more than the factory holds. */
export function RemovalForm({ viewer }: { viewer: InventoryViewer & DraftOwner }) {
  const { mutateAsync: send } = useCreateInventoryRemoval();
  const { form, own, factories, items, card } = useEntryForm({
    viewer,
    schema: removalFormSchema,
    defaults: (factoryId) => removalFormDefaults(factoryId),
    send,
    errorTitle: 'The stock was not removed',
    afterSave: (saved) => removalFormDefaults(saved.factoryId, saved.date),
    draft: { screen: 'inventory-removal', schema: removalFormFields, noun: 'a removal' },
  });
  const [factoryId, lines] = useWatch({ control: form.control, name: ['factoryId', 'lines'] });
  const other = lines.some((line) => line.reason === 'other');

  return (
    <EntryFormCard
      {...card}
      title="Remove stock"
      description="Stock used, damaged, lost or expired at a factory. More than the factory holds is refused, and then nothing is removed."
      submitLabel="Save removal"
      busyText="Saving..."
      lines={
        <EntryLines
          form={form}
          kind="removal"
          emptyLine={{ ...EMPTY_REMOVAL_LINE }}
          factory={factoryRef(factories, own, factoryId)}
          items={items}
          extra={(index) => (
            <SelectField
              form={form}
              name={`lines.${index}.reason`}
              label={`Line ${index + 1} reason`}
              placeholder="Choose a reason"
              options={REASON_OPTIONS}
            />
          )}
        />
      }
      note={
        <TextareaField
          form={form}
          name="note"
          label={other ? 'Note (say why, for "Other")' : 'Note (optional)'}
          rows={2}
          maxLength={1000}
        />
      }
    >
      <TextField form={form} name="date" label="Date" type="date" max={localToday()} />
      <FactorySelectField
        form={form}
        name="factoryId"
        label="Factory"
        factories={factories}
        own={own}
        placeholder="Choose a factory"
        ownHint="Your factory."
      />
      <TextField
        form={form}
        name="reference"
        label="Reference (optional)"
        autoComplete="off"
        maxLength={100}
        placeholder="Job card or report number"
        className="xl:col-span-2"
      />
    </EntryFormCard>
  );
}
