import { useWatch } from 'react-hook-form';
import { TextareaField, TextField } from '@web/components/form/form-fields';
import { useCreateInventoryTransfer } from '../api/create-inventory-transfer';
import { EntryFormCard, FactorySelectField, factoryRef } from './entry-form-card';
import { EMPTY_TRANSFER_LINE, transferFormDefaults, transferFormSchema, transferFormFields } from './entry-form.model';
import { localToday } from '@web/lib/local-today';
import { EntryLines } from './entry-lines';
import type { InventoryViewer } from './inventory-viewer';
import type { DraftOwner } from '@web/lib/use-draft';
import { useEntryForm } from './use-entry-form';

/**
 * Transfer Inventory: stock moved from one factory (the user's own when factory-scoped) to
 * another at once; never more than the sender holds.
 */
export function TransferForm({ viewer }: { viewer: InventoryViewer & DraftOwner }) {
  const { mutateAsync: send } = useCreateInventoryTransfer();
  const { form, own, factories, items, card } = useEntryForm({
    viewer,
    schema: transferFormSchema,
    defaults: (factoryId) => transferFormDefaults(factoryId),
    send,
    errorTitle: 'The stock was not transferred',
    // The same route again is likely: keep both factories and the date.
    afterSave: (saved) => ({
      ...transferFormDefaults(saved.fromFactoryId, saved.date),
      toFactoryId: saved.toFactoryId,
    }),
    draft: { screen: 'inventory-transfer', schema: transferFormFields, noun: 'an inventory transfer' },
  });
  const fromFactoryId = useWatch({ control: form.control, name: 'fromFactoryId' });

  return (
    <EntryFormCard
      {...card}
      title="Transfer stock"
      description="Stock moves at once: the sending factory's stock goes down and the receiving factory's up. More than the sender holds is refused, and then nothing moves."
      submitLabel="Save transfer"
      busyText="Saving..."
      lines={
        <EntryLines
          form={form}
          kind="transfer"
          emptyLine={{ ...EMPTY_TRANSFER_LINE }}
          factory={factoryRef(factories, own, fromFactoryId)}
          items={items}
        />
      }
      note={<TextareaField form={form} name="note" label="Note (optional)" rows={2} maxLength={1000} />}
    >
      <TextField form={form} name="date" label="Date" type="date" max={localToday()} />
      <FactorySelectField
        form={form}
        name="fromFactoryId"
        label="From"
        factories={factories}
        own={own}
        placeholder="Choose the sending factory"
        ownHint="Stock is sent from your factory."
      />
      <FactorySelectField
        form={form}
        name="toFactoryId"
        label="To"
        factories={factories}
        own={null}
        placeholder="Choose the receiving factory"
        except={fromFactoryId}
      />
      <TextField
        form={form}
        name="reference"
        label="Reference (optional)"
        autoComplete="off"
        maxLength={100}
        placeholder="Waybill number"
      />
    </EntryFormCard>
  );
}
