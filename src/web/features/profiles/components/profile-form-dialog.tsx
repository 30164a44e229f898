import { profileInputSchema, type Profile } from '@common/contracts/profiles';
import { TextField } from '@web/components/form/form-fields';
import { FormDialog } from '@web/components/form/form-dialog';
import { useAppForm } from '@web/components/form/use-app-form';
import { useUpdateProfile } from '../api/update-profile';

/** Edit profile: name, phone, job title. Asks before throwing away changes. */
export function ProfileFormDialog({ profile, onClose }: { profile: Profile; onClose: () => void }) {
  const { mutateAsync: update } = useUpdateProfile();
  const { form, onSubmit, isSubmitting, isDirty } = useAppForm({
    schema: profileInputSchema,
    defaultValues: { name: profile.name, phone: profile.phone ?? '', jobTitle: profile.jobTitle ?? '' },
    onSubmit: (changes) => update({ id: profile.id, changes }),
    successMessage: (saved) => `Profile of ${saved.name} saved`,
    onSuccess: onClose,
    errorTitle: 'Could not save the profile',
  });
  return (
    <FormDialog
      title={`Edit profile of ${profile.name}`}
      description={profile.email}
      onSubmit={onSubmit}
      isSubmitting={isSubmitting}
      isDirty={isDirty}
      onClose={onClose}
      submitLabel="Save changes"
      busyText="Saving..."
      submitDisabled={!isDirty}
    >
      <TextField form={form} name="name" label="Name" autoComplete="off" maxLength={200} />
      <TextField form={form} name="phone" label="Phone" type="tel" autoComplete="off" maxLength={40} />
      <TextField form={form} name="jobTitle" label="Job title" autoComplete="off" maxLength={100} />
    </FormDialog>
  );
}
