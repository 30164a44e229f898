import { setUserPasswordSchema, type User } from '@common/contracts/users';
import { TextField } from '@web/components/form/form-fields';
import { SubmitButton } from '@web/components/form/submit-button';
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
import { useSetUserPassword } from '../api/set-user-password';

/** Sets a new password for a user; all their sessions end. */
export function SetPasswordDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const { mutateAsync: setPassword } = useSetUserPassword();
  const { form, onSubmit, isSubmitting } = useAppForm({
    schema: setUserPasswordSchema,
    defaultValues: { password: '' },
    onSubmit: (input) => setPassword({ id: user.id, input }),
    successMessage: `New password set for ${user.email}; their sessions were signed out`,
    onSuccess: onClose,
    errorTitle: 'Could not set the password',
  });
  return (
    <Dialog open onOpenChange={(open) => (open || isSubmitting ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Set password for {user.name}</DialogTitle>
          <DialogDescription>
            The user is signed out everywhere and signs in again with the new password.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <TextField
            form={form}
            name="password"
            label="New password"
            type="password"
            autoComplete="new-password"
            description="At least 10 characters."
            maxLength={128}
          />
          <DialogFooter className="pt-2">
            <Button variant="outline" onClick={onClose} disabled={isSubmitting}>
              Cancel
            </Button>
            <SubmitButton busy={isSubmitting} busyText="Setting...">
              Set password
            </SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
