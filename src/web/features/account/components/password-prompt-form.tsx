import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { twoFactorPasswordSchema, type TwoFactorPassword } from '@common/contracts/account';
import { SubmitButton } from '@web/components/form/submit-button';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { errorMessage, isApiRequestError } from '@web/lib/api-client';

interface PasswordPromptFormProps {
  /** Runs with the password; a wrong password shows next to the field. */
  onSubmit: (password: string) => Promise<unknown>;
  submitLabel: string;
  busyLabel: string;
  destructive?: boolean;
  onCancel: () => void;
  errorTitle: string;
}

/** "Confirm with your password" before a two-factor change. */
export function PasswordPromptForm({
  onSubmit,
  submitLabel,
  busyLabel,
  destructive = false,
  onCancel,
  errorTitle,
}: PasswordPromptFormProps) {
  const id = useId();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TwoFactorPassword>({
    resolver: zodResolver(twoFactorPasswordSchema),
    defaultValues: { password: '' },
  });

  const submit = handleSubmit(async ({ password }) => {
    try {
      await onSubmit(password);
    } catch (error) {
      if (isApiRequestError(error) && error.code === 'INVALID_PASSWORD') {
        setError('password', { type: 'server', message: 'The password is not correct.' }, { shouldFocus: true });
      } else {
        toast.error(errorTitle, { description: errorMessage(error) });
      }
    }
  });

  const errorId = `${id}-error`;
  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <div className="flex flex-col gap-2">
        <Label htmlFor={id}>Your password</Label>
        <Input
          id={id}
          type="password"
          autoComplete="current-password"
          required
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? errorId : undefined}
          {...register('password')}
        />
        {errors.password ? (
          <p id={errorId} className="text-sm text-destructive">
            {errors.password.message}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
        <SubmitButton busy={isSubmitting} busyText={busyLabel} variant={destructive ? 'destructive' : 'default'}>
          {submitLabel}
        </SubmitButton>
      </div>
    </form>
  );
}
