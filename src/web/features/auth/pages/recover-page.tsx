import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '@common/constants';
import { recoverPasswordFormSchema, requestRecoverySchema } from '@common/contracts/recovery';
import { TextField } from '@web/components/form/form-fields';
import { NewPasswordFields } from '@web/components/form/new-password-fields';
import { SubmitButton } from '@web/components/form/submit-button';
import { useAppForm } from '@web/components/form/use-app-form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { errorMessage, isApiRequestError } from '@web/lib/api-client';
import { useRecoverPassword } from '../api/recover-password';
import { useRequestRecovery } from '../api/request-recovery';

/**
 * /recover: "Forgot password?". Without a token, the email form, then the same answer for any
 * address; with the mailed link's ?token=, the form to choose the new password, then sign-in.
 */
export function RecoverPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  return (
    <main className="flex min-h-svh items-center justify-center bg-muted px-4 py-10">
      <Card className="w-full max-w-sm">{token ? <NewPasswordStep token={token} /> : <RequestStep />}</Card>
    </main>
  );
}

/** Refusals of the link itself (expired, used, a deactivated account): no password will help. */
const LINK_PROBLEMS = new Set(['INVALID_TOKEN', 'ACCOUNT_DEACTIVATED']);

function BackToSignIn() {
  return (
    <Link to="/auth" className="text-sm text-primary underline-offset-4 hover:underline">
      Back to sign in
    </Link>
  );
}

function RequestStep() {
  const { mutateAsync } = useRequestRecovery();
  const [answer, setAnswer] = useState<string | null>(null);
  const { form, onSubmit, isSubmitting } = useAppForm({
    schema: requestRecoverySchema,
    defaultValues: { email: '' },
    onSubmit: mutateAsync,
    onSuccess: setAnswer,
    errorTitle: 'Could not send the link',
  });
  return (
    <>
      <CardHeader className="text-center">
        <CardTitle as="h1" className="text-2xl">
          Forgot password?
        </CardTitle>
        <CardDescription>Enter your work email. We will mail you a link to choose a new password.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {answer ? (
          <p role="status" className="rounded-md border bg-background p-3 text-sm">
            {answer}
          </p>
        ) : (
          <form onSubmit={onSubmit} className="flex flex-col gap-5" aria-label="Forgot password">
            <TextField
              form={form}
              name="email"
              label="Email"
              type="email"
              autoComplete="username"
              placeholder="name@example.com"
              required
            />
            <SubmitButton busy={isSubmitting} busyText="Sending..." className="w-full">
              Email me a link
            </SubmitButton>
          </form>
        )}
        <BackToSignIn />
      </CardContent>
    </>
  );
}

function NewPasswordStep({ token }: { token: string }) {
  const navigate = useNavigate();
  const { mutateAsync } = useRecoverPassword();
  const [invalidLink, setInvalidLink] = useState<string | null>(null);
  const { form, onSubmit, isSubmitting } = useAppForm({
    schema: recoverPasswordFormSchema,
    defaultValues: { newPassword: '', confirmPassword: '' },
    onSubmit: async ({ newPassword }) => {
      try {
        return await mutateAsync({ token, newPassword });
      } catch (error) {
        // A used or expired link: say so in place of the form, with the way to a new one.
        if (isApiRequestError(error) && LINK_PROBLEMS.has(error.code)) setInvalidLink(errorMessage(error));
        throw error;
      }
    },
    successMessage: (message) => message,
    onSuccess: () => void navigate('/auth', { replace: true }),
    errorTitle: 'Could not change the password',
  });
  return (
    <>
      <CardHeader className="text-center">
        <CardTitle as="h1" className="text-2xl">
          Choose a new password
        </CardTitle>
        <CardDescription>
          At least {PASSWORD_MIN_LENGTH} characters. You will be signed out everywhere and sign in again with it.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {invalidLink ? (
          <div role="alert" className="flex flex-col gap-2 rounded-md border border-destructive p-3 text-sm">
            <p>{invalidLink}</p>
            <Link to="/recover" className="text-primary underline-offset-4 hover:underline">
              Ask for a new link
            </Link>
          </div>
        ) : (
          <form onSubmit={onSubmit} className="flex flex-col gap-5" aria-label="Choose a new password">
            <NewPasswordFields form={form} />
            <SubmitButton busy={isSubmitting} busyText="Saving..." className="w-full">
              Set new password
            </SubmitButton>
          </form>
        )}
        <BackToSignIn />
      </CardContent>
    </>
  );
}
