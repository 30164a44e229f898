import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { PASSWORD_MIN_LENGTH } from '@common/constants';
import { INVITATION_LINK_INVALID, type Invitation } from '@common/contracts/invitations';
import { recoverPasswordFormSchema } from '@common/contracts/recovery';
import { NewPasswordFields } from '@web/components/form/new-password-fields';
import { SubmitButton } from '@web/components/form/submit-button';
import { useAppForm } from '@web/components/form/use-app-form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { LoadError } from '@web/components/ui/load-error';
import { Loading } from '@web/components/ui/loading';
import { errorMessage, isApiRequestError } from '@web/lib/api-client';
import { formatDateTime } from '@web/lib/format';
import { useAcceptInvitation } from '../api/accept-invitation';
import { useInvitation } from '../api/get-invitation';
import { meQueryKey } from '../api/get-me';
import { useSignIn } from '../api/sign-in';

/**
 * /invitation?token=: the mailed invitation's page. The invited person chooses their own password
 * and is signed in with it; a link that expired or was used says so and whom to ask.
 */
export function InvitationPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  return (
    <main className="flex min-h-svh items-center justify-center bg-muted px-4 py-10">
      <Card className="w-full max-w-sm">
        {token ? <InvitationStep token={token} /> : <LinkProblem message={INVITATION_LINK_INVALID} />}
      </Card>
    </main>
  );
}

/** The link no longer works: nothing on this page will help, an administrator will. */
function LinkProblem({ message }: { message: string }) {
  return (
    <>
      <CardHeader className="text-center">
        <CardTitle as="h1" className="text-2xl">
          This invitation no longer works
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <div role="alert" className="flex flex-col gap-2 rounded-md border border-destructive p-3 text-sm">
          <p>{message}</p>
          <p>
            Your administrator is the person who manages users of the Stove Back Office at your company. If you already
            chose a password with this link, sign in with it.
          </p>
        </div>
        <Link to="/auth" className="text-sm text-primary underline-offset-4 hover:underline">
          Go to sign in
        </Link>
      </CardContent>
    </>
  );
}

function InvitationStep({ token }: { token: string }) {
  const invitation = useInvitation(token);
  if (invitation.isPending) {
    return (
      <CardContent className="py-10">
        <Loading label="Opening your invitation..." />
      </CardContent>
    );
  }
  if (invitation.isError) {
    if (isApiRequestError(invitation.error) && invitation.error.code === 'INVALID_TOKEN') {
      return <LinkProblem message={errorMessage(invitation.error)} />;
    }
    return (
      <CardContent className="py-6">
        <LoadError what="your invitation" error={invitation.error} onRetry={() => void invitation.refetch()} />
      </CardContent>
    );
  }
  return <ChoosePassword token={token} invitation={invitation.data} />;
}

function ChoosePassword({ token, invitation }: { token: string; invitation: Invitation }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { mutateAsync: accept } = useAcceptInvitation();
  const { mutateAsync: signIn } = useSignIn();
  const [problem, setProblem] = useState<string | null>(null);
  const { form, onSubmit, isSubmitting } = useAppForm({
    schema: recoverPasswordFormSchema,
    defaultValues: { newPassword: '', confirmPassword: '' },
    onSubmit: async ({ newPassword }) => {
      try {
        return { newPassword, ...(await accept({ token, newPassword })) };
      } catch (error) {
        // Used in another tab, or expired while the page was open.
        if (isApiRequestError(error) && error.code === 'INVALID_TOKEN') setProblem(errorMessage(error));
        throw error;
      }
    },
    onSuccess: ({ email, newPassword, message }) => {
      void (async () => {
        try {
          await signIn({ email, password: newPassword });
        } catch (error) {
          toast.error('Your password is set, but signing in failed', { description: errorMessage(error) });
          void navigate('/auth', { replace: true });
          return;
        }
        toast.success(`Welcome, ${invitation.name}`, { description: message });
        await queryClient.invalidateQueries({ queryKey: meQueryKey });
        void navigate('/', { replace: true });
      })();
    },
    errorTitle: 'Could not set your password',
  });
  if (problem) return <LinkProblem message={problem} />;
  return (
    <>
      <CardHeader className="text-center">
        <CardTitle as="h1" className="text-2xl">
          Welcome, {invitation.name}
        </CardTitle>
        <CardDescription>
          Choose the password you will sign in with, as <span className="font-medium">{invitation.email}</span>. At
          least {PASSWORD_MIN_LENGTH} characters. This link works until{' '}
          <time dateTime={invitation.expiresAt}>{formatDateTime(invitation.expiresAt)}</time>.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <form onSubmit={onSubmit} className="flex flex-col gap-5" aria-label="Choose your password">
          {/* Lets the browser's password manager save the new password for this account. */}
          <input type="email" name="username" autoComplete="username" value={invitation.email} readOnly hidden />
          <NewPasswordFields form={form} />
          <SubmitButton busy={isSubmitting} busyText="Saving..." className="w-full">
            Set my password and sign in
          </SubmitButton>
        </form>
      </CardContent>
    </>
  );
}
