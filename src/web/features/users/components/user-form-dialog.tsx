import { z } from 'zod';
import { passwordSchema, userFieldsSchema, type User } from '@common/contracts/users';
import { SelectField, TextField } from '@web/components/form/form-fields';
import { FormDialog } from '@web/components/form/form-dialog';
import { useAppForm } from '@web/components/form/use-app-form';
import { useCreateUser } from '../api/create-user';
import { useFactoryOptions } from '@web/lib/factory-options';
import { useUpdateUser } from '../api/update-user';
import { GroupsField } from './groups-field';

/** The select's "no factory" is ''. */
const factoryChoice = z.union([z.literal(''), z.string().uuid('Choose a valid factory')]);
const editUserFormSchema = userFieldsSchema.extend({ factoryId: factoryChoice });
/** How the new user gets in: a password chosen here, or an invitation to choose their own. */
const ACCESS_CHOICES = [
  {
    value: 'password',
    label: 'Choose a password now',
    hint: 'Tell them the password yourself.',
  },
  {
    value: 'invite',
    label: 'Send an invitation by mail',
    hint: 'They get a link to choose their own password. It works once, within 72 hours.',
  },
] as const;
const newUserFormSchema = editUserFormSchema
  .extend({ access: z.enum(['password', 'invite']), password: z.string() })
  .superRefine((v, ctx) => {
    if (v.access !== 'password') return;
    for (const issue of passwordSchema.safeParse(v.password).error?.issues ?? []) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: issue.message });
    }
  });

interface UserFormDialogProps {
  /** The user to edit; null creates a new one. */
  user: User | null;
  onClose: () => void;
}

/**
 * New user (email, name, groups, factory, and a password or an invitation) or Edit user (the same
 * without the way in).
 */
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
    defaultValues: { email: '', name: '', access: 'password', password: '', groups: [], factoryId: '' },
    onSubmit: ({ access, password, ...values }) =>
      create({
        ...values,
        factoryId: values.factoryId || null,
        ...(access === 'invite' ? { invite: true } : { password }),
      }),
    successMessage: (created) =>
      created.invitationExpiresAt
        ? `User ${created.email} created; an invitation was mailed to them`
        : `User ${created.email} created`,
    onSuccess: onClose,
    errorTitle: 'Could not create the user',
  });
  const access = form.watch('access');
  return (
    <FormDialog
      title="New user"
      description="The user signs in with this email. Groups decide what they can open."
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
      <GroupsField form={form} name="groups" />
      <SelectField form={form} name="factoryId" label="Factory" placeholder="No factory" options={factories} />
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-medium">How will they sign in the first time?</legend>
        {ACCESS_CHOICES.map((choice) => (
          <label key={choice.value} className="flex items-start gap-2 text-sm">
            <input
              type="radio"
              value={choice.value}
              className="mt-1 size-4 shrink-0 accent-primary"
              {...form.register('access')}
            />
            <span className="flex flex-col">
              <span>{choice.label}</span>
              <span className="text-muted-foreground">{choice.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {access === 'password' ? (
        <TextField
          form={form}
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          description="At least 10 characters."
          maxLength={128}
        />
      ) : null}
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
