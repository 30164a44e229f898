import { useState } from 'react';
import { z } from 'zod';
import { createFactorySchema, FACTORY_KINDS, type Factory } from '@common/contracts/factories';
import { SelectField, TextField } from '@web/components/form/form-fields';
import { SubmitButton } from '@web/components/form/submit-button';
import { DiscardChangesDialog, UnsavedChangesGuard } from '@web/components/form/unsaved-changes-guard';
import { useAppForm } from '@web/components/form/use-app-form';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { useCreateFactory } from '../api/create-factory';
import { useUpdateFactory } from '../api/update-factory';
import { FACTORY_KIND_OPTIONS } from './factory-kind';

/** The create contract, with a plain message when no kind is chosen yet. */
const factoryFormSchema = createFactorySchema.extend({ kind: z.enum(FACTORY_KINDS, { error: 'Choose a kind' }) });

interface FactoryFormDialogProps {
  /** The factory to edit; null creates a new one. */
  factory: Factory | null;
  onClose: () => void;
}

/** New factory / Edit factory: name, code, kind, location. Asks before throwing away changes. */
export function FactoryFormDialog({ factory, onClose }: FactoryFormDialogProps) {
  const { mutateAsync: create } = useCreateFactory();
  const { mutateAsync: update } = useUpdateFactory();
  const [confirmDiscard, setConfirmDiscard] = useState(false);

  const { form, onSubmit, isSubmitting, isDirty } = useAppForm({
    schema: factoryFormSchema,
    defaultValues: factory
      ? { name: factory.name, code: factory.code, kind: factory.kind, location: factory.location ?? '' }
      : { name: '', code: '', location: '' },
    onSubmit: (values) =>
      factory
        ? update({ id: factory.id, changes: { ...values, location: values.location || null } })
        : create({ ...values, location: values.location || undefined }),
    successMessage: (saved) => (factory ? `Factory ${saved.code} saved` : `Factory ${saved.code} created`),
    onSuccess: onClose,
    errorTitle: factory ? 'Could not save the factory' : 'Could not create the factory',
  });

  const requestClose = () => {
    if (isSubmitting) return;
    if (isDirty) setConfirmDiscard(true);
    else onClose();
  };

  return (
    <>
      <Dialog open onOpenChange={(open) => (open ? undefined : requestClose())}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{factory ? `Edit factory ${factory.code}` : 'New factory'}</DialogTitle>
            <DialogDescription>
              A plant makes CKD kits; an assembly site couples stoves. A site may be both.
            </DialogDescription>
          </DialogHeader>
          <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
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
            <SelectField
              form={form}
              name="kind"
              label="Kind"
              placeholder="Choose a kind"
              options={FACTORY_KIND_OPTIONS}
            />
            <TextField form={form} name="location" label="Location" autoComplete="off" maxLength={300} />
            <DialogFooter className="pt-2">
              <Button variant="outline" onClick={requestClose} disabled={isSubmitting}>
                Cancel
              </Button>
              <SubmitButton
                busy={isSubmitting}
                busyText={factory ? 'Saving...' : 'Creating...'}
                disabled={factory !== null && !isDirty}
              >
                {factory ? 'Save changes' : 'Create factory'}
              </SubmitButton>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
      <DiscardChangesDialog open={confirmDiscard} onStay={() => setConfirmDiscard(false)} onDiscard={onClose} />
      <UnsavedChangesGuard when={isDirty && !isSubmitting} />
    </>
  );
}
