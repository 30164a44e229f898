import { z } from 'zod';
import { createFactorySchema, FACTORY_KINDS, type Factory } from '@common/contracts/factories';
import { zoneLabel } from '@common/time-zones';
import { SelectField, TextField } from '@web/components/form/form-fields';
import { FormDialog } from '@web/components/form/form-dialog';
import { useAppForm } from '@web/components/form/use-app-form';
import { companyTimeZone } from '@web/lib/time-zone';
import type { RecordFormDialogProps } from '@web/components/master-data/record-form-slot';
import { useCreateFactory } from '../api/create-factory';
import { useUpdateFactory } from '../api/update-factory';
import { FACTORY_KIND_OPTIONS } from './factory-kind';
import { timeZoneOptions } from './time-zone-options';

/** The create contract, with a plain message when no kind is chosen yet. */
const factoryFormSchema = createFactorySchema.extend({ kind: z.enum(FACTORY_KINDS, { error: 'Choose a kind' }) });

/** New factory / Edit factory: name, code, kind, location, time zone. Asks before throwing away changes. */
export function FactoryFormDialog({ record: factory, onClose }: RecordFormDialogProps<Factory>) {
  const { mutateAsync: create } = useCreateFactory();
  const { mutateAsync: update } = useUpdateFactory();

  const { form, onSubmit, isSubmitting, isDirty } = useAppForm({
    schema: factoryFormSchema,
    defaultValues: factory
      ? {
          name: factory.name,
          code: factory.code,
          kind: factory.kind,
          location: factory.location ?? '',
          timeZone: factory.timeZone ?? '',
        }
      : { name: '', code: '', location: '', timeZone: '' },
    onSubmit: (values) =>
      factory
        ? update({
            id: factory.id,
            changes: {
              ...values,
              location: values.location || null,
              // Only a changed zone is sent: it moves every day of the factory's users.
              timeZone: (values.timeZone ?? null) === factory.timeZone ? undefined : (values.timeZone ?? null),
            },
          })
        : create({ ...values, location: values.location || undefined }),
    successMessage: (saved) => (factory ? `Factory ${saved.code} saved` : `Factory ${saved.code} created`),
    onSuccess: onClose,
    errorTitle: factory ? 'Could not save the factory' : 'Could not create the factory',
  });

  return (
    <FormDialog
      title={factory ? `Edit factory ${factory.code}` : 'New factory'}
      description="A plant makes CKD kits; an assembly site couples stoves. A site may be both."
      onSubmit={onSubmit}
      isSubmitting={isSubmitting}
      isDirty={isDirty}
      onClose={onClose}
      submitLabel={factory ? 'Save changes' : 'Create factory'}
      busyText={factory ? 'Saving...' : 'Creating...'}
      submitDisabled={factory !== null && !isDirty}
    >
      <TextField form={form} name="name" label="Name" autoComplete="off" maxLength={200} />
      <TextField
        form={form}
        name="code"
        label="Code"
        description="2-10 letters or digits, e.g. NBO. Stored in capitals."
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={10}
        className="[&_input]:uppercase"
      />
      <SelectField form={form} name="kind" label="Kind" placeholder="Choose a kind" options={FACTORY_KIND_OPTIONS} />
      <TextField form={form} name="location" label="Location" autoComplete="off" maxLength={300} />
      <SelectField
        form={form}
        name="timeZone"
        label="Time zone"
        description="Where the factory's days begin and end: its today, months and latest allowed date."
        placeholder={`Company time zone (${zoneLabel(companyTimeZone())})`}
        options={timeZoneOptions()}
      />
    </FormDialog>
  );
}
