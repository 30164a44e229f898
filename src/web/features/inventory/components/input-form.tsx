import { useWatch } from 'react-hook-form';
import { TextareaField, TextField } from '@web/components/form/form-fields';
import { useCreateInventoryInput } from '../api/create-inventory-input';
import { EntryFormCard, FactorySelectField, factoryRef } from './entry-form-card';
import { EMPTY_INPUT_LINE, inputFormDefaults, inputFormSchema, inputFormFields } from './entry-form.model';
import { localToday } from '@web/lib/local-today';
import { EntryLines } from './entry-lines';
import type { InventoryViewer } from './inventory-viewer';
import type { DraftOwner } from '@web/lib/use-draft';
import { useEntryForm } from './use-entry-form';

/** Input: stock received at a factory (the user's own when factory-scoped), several lines with a unit cost each. */
export function InputForm({ viewer }: { viewer: InventoryViewer & DraftOwner }) {
  const { mutateAsync: send } = useCreateInventoryInput();
  const { form, own, factories, items, card } = useEntryForm({
    viewer,
    schema: inputFormSchema,
    defaults: (factoryId) => inputFormDefaults(factoryId),
    send,
    errorTitle: 'The stock was not received',
    afterSave: (saved) => inputFormDefaults(saved.factoryId, saved.date),
    draft: { screen: 'inventory-input', schema: inputFormFields, noun: 'a stock input' },
  });
  const factoryId = useWatch({ control: form.control, name: 'factoryId' });

  return (
    <EntryFormCard
      {...card}
      title="Receive stock"
      description="Stock delivered to a factory: it is added to that factory's stock at once."
      submitLabel="Save input"
      busyText="Saving..."
      lines={
        <EntryLines
          form={form}
          kind="input"
          emptyLine={{ ...EMPTY_INPUT_LINE }}
          factory={factoryRef(factories, own, factoryId)}
          items={items}
          extra={(index, onEnter) => (
            <TextField
              form={form}
              name={`lines.${index}.unitCost`}
              label={`Line ${index + 1} unit cost (optional)`}
              inputMode="decimal"
              autoComplete="off"
              onKeyDown={onEnter}
            />
          )}
        />
      }
      note={<TextareaField form={form} name="note" label="Note (optional)" rows={2} maxLength={1000} />}
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
      <TextField form={form} name="supplier" label="Supplier (optional)" autoComplete="off" maxLength={200} />
      <TextField
        form={form}
        name="reference"
        label="Reference (optional)"
        autoComplete="off"
        maxLength={100}
        placeholder="Delivery note or invoice"
      />
    </EntryFormCard>
  );
}
