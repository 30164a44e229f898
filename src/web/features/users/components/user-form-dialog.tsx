import { z } from 'zod';
import { createUserSchema, type User } from '@common/contracts/users';
import { SelectField, TextField } from '@web/components/form/form-fields';
import { FormDialog } from '@web/components/form/form-dialog';
import { useAppForm } from '@web/components/form/use-app-form';
import { useCreateUser } from '../api/create-user';
import { useFactoryOptions } from '@web/lib/factory-options';
import { useUpdateUser } from '../api/update-user';
import { GroupsField } from './groups-field';

/** The select's "no factory" is ''. */
const factoryChoice = z.union([z.literal(''), z.string().uuid('Choose a valid factory')]);
const newUserFormSchema = createUserSchema.extend({ factoryId: factoryChoice });
const editUserFormSchema = createUserSchema.omit({ password: true }).extend({ factoryId: factoryChoice });

interface UserFormDialogProps {
  /** The user to edit; null creates a new one. */
  user: User | null;
  onClose: () => void;
}

/** New user (email, name, password, groups, factory) or Edit user (the same without password). */
export function UserFormDialog({ user, onClose }: UserFormDialogProps) {
  return user ? <EditUserDialog user={user} onClose={onClose} /> : <NewUserDialog onClose={onClose} />;
}

function useFactorySelectOptions(currentId: string | null) {
  const { data } = useFactoryOptions();
  return (data ?? [])
    .filter((f) => f.active || f.id === currentId)
    .map((f) => ({ value: f.id, label: `${f.name} (${f.code})${f.active ? '' : ' — deactivated'}` }));
}

function NewUserDialog({ onClose }: { onClose: () => void }) {
  const { mutateAsync: create } = useCreateUser();
  const factories = useFactorySelectOptions(null);
  const { form, onSubmit, isSubmitting, isDirty } = useAppForm({
    schema: newUserFormSchema,
    defaultValues: { email: '', name: '', password: '', groups: [], factoryId: '' },
    onSubmit: (values) => create({ ...values, factoryId: values.factoryId || null }),
    successMessage: (created) => `User ${created.email} created`,
    onSuccess: onClose,
    errorTitle: 'Could not create the user',
  });
  return (
    <FormDialog
      title="New user"
      description="The user signs in with this email and password. Groups decide what they can open."
      isDirty={isDirty}
      isSubmitting={isSubmitting}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel="Create user"
      busyText="Creating..."
      contentClassName="max-h-[90vh] overflow-y-auto sm:max-w-xl"
    >
      <TextField form={form} name="email" label="Email" type="email" autoComplete="off" maxLength={254} />
      <TextField form={form} name="name" label="Name" autoComplete="off" maxLength={200} />
      <TextField
        form={form}
        name="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        description="At least 10 characters."
        maxLength={128}
      />
      <GroupsField form={form} name="groups" />
      <SelectField form={form} name="factoryId" label="Factory" placeholder="No factory" options={factories} />
    </FormDialog>
  );
}

function EditUserDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const { mutateAsync: update } = useUpdateUser();
  const factories = useFactorySelectOptions(user.factory?.id ?? null);
  const { form, onSubmit, isSubmitting, isDirty } = useAppForm({
    schema: editUserFormSchema,
    defaultValues: { email: user.email, name: user.name, groups: user.groups, factoryId: user.factory?.id ?? '' },
    onSubmit: (values) => update({ id: user.id, changes: { ...values, factoryId: values.factoryId || null } }),
    successMessage: (saved) => `User ${saved.email} saved`,
    onSuccess: onClose,
    errorTitle: 'Could not save the user',
  });
  return (
    <FormDialog
      title={`Edit ${user.name}`}
      description="Changes to groups apply on the user's next request."
      isDirty={isDirty}
      isSubmitting={isSubmitting}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel="Save changes"
      busyText="Saving..."
      submitDisabled={!isDirty}
      contentClassName="max-h-[90vh] overflow-y-auto sm:max-w-xl"
    >
      <TextField form={form} name="email" label="Email" type="email" autoComplete="off" maxLength={254} />
      <TextField form={form} name="name" label="Name" autoComplete="off" maxLength={200} />
      <GroupsField form={form} name="groups" />
      <SelectField form={form} name="factoryId" label="Factory" placeholder="No factory" options={factories} />
    </FormDialog>
  );
}
