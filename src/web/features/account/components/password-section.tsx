import { changeMyPasswordFormSchema } from '@common/contracts/account';
import { PASSWORD_MIN_LENGTH } from '@common/constants';
import { TextField } from '@web/components/form/form-fields';
import { NewPasswordFields } from '@web/components/form/new-password-fields';
import { SubmitButton } from '@web/components/form/submit-button';
import { useAppForm } from '@web/components/form/use-app-form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { useChangeMyPassword } from '../api/change-my-password';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Change my password: the current one is required; my other sessions end. */
export function PasswordSection() {
  const { mutateAsync } = useChangeMyPassword();
  const { form, onSubmit, isSubmitting } = useAppForm({
    schema: changeMyPasswordFormSchema,
    defaultValues: EMPTY,
    onSubmit: ({ currentPassword, newPassword }) => mutateAsync({ currentPassword, newPassword }),
    successMessage: 'Password changed. You were signed out on your other devices.',
    onSuccess: () => form.reset(EMPTY),
    errorTitle: 'Could not change the password',
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Password</CardTitle>
        <CardDescription>
          At least {PASSWORD_MIN_LENGTH} characters. Changing it signs you out everywhere else.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} className="flex flex-col gap-4 sm:max-w-md" aria-label="Change password">
          <TextField
            form={form}
            name="currentPassword"
            label="Current password"
            type="password"
            autoComplete="current-password"
            required
          />
          <NewPasswordFields form={form} />
          <div>
            <SubmitButton busy={isSubmitting} busyText="Changing...">
              Change password
            </SubmitButton>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
