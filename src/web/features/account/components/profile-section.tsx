import { updateMyProfileSchema, type Account } from '@common/contracts/account';
import { TextField } from '@web/components/form/form-fields';
import { SubmitButton } from '@web/components/form/submit-button';
import { useAppForm } from '@web/components/form/use-app-form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { useUpdateMyProfile } from '../api/update-my-profile';

/** My name, as the header greets me. */
export function ProfileSection({ account }: { account: Account }) {
  const { mutateAsync } = useUpdateMyProfile();
  const { form, onSubmit, isSubmitting, isDirty } = useAppForm({
    schema: updateMyProfileSchema,
    defaultValues: { name: account.name },
    onSubmit: mutateAsync,
    successMessage: 'Your name was saved',
    errorTitle: 'Could not save your name',
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile</CardTitle>
        <CardDescription>Signed in as {account.email}.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} className="flex flex-col gap-4 sm:max-w-md" aria-label="Profile">
          <TextField form={form} name="name" label="Name" autoComplete="name" required />
          <div>
            <SubmitButton busy={isSubmitting} busyText="Saving..." disabled={!isDirty}>
              Save name
            </SubmitButton>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
