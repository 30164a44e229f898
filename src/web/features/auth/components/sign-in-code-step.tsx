import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { MESSAGES } from '@common/constants';
import { requestSignInCodeSchema, signInWithCodeSchema } from '@common/contracts/sign-in-code';
import { TextField } from '@web/components/form/form-fields';
import { SubmitButton } from '@web/components/form/submit-button';
import { useAppForm } from '@web/components/form/use-app-form';
import { Button } from '@web/components/ui/button';
import { meQueryKey } from '../api/get-me';
import { useRequestSignInCode, useSignInWithCode } from '../api/sign-in-code';

/**
 * "Email me a sign-in code": the email, then the 6-digit code from the mail. The right code ends
 * like a password sign-in (toast, then the page the user came from), or goes on to the second
 * step for a user with two-factor sign-in.
 */
export function SignInCodeStep({ onTwoFactor, onBack }: { onTwoFactor: () => void; onBack: () => void }) {
  const [sent, setSent] = useState<{ email: string; message: string } | null>(null);
  const [lastEmail, setLastEmail] = useState('');
  return (
    <div className="flex flex-col gap-5">
      {sent ? (
        <CodeForm
          key={sent.message + sent.email}
          sent={sent}
          onTwoFactor={onTwoFactor}
          onNewCode={() => {
            setLastEmail(sent.email);
            setSent(null);
          }}
        />
      ) : (
        <EmailForm onSent={setSent} defaultEmail={lastEmail} />
      )}
      <Button type="button" variant="link" size="sm" className="self-center" onClick={onBack}>
        Sign in with a password instead
      </Button>
    </div>
  );
}

function EmailForm({
  onSent,
  defaultEmail,
}: {
  onSent: (sent: { email: string; message: string }) => void;
  defaultEmail: string;
}) {
  const { mutateAsync } = useRequestSignInCode();
  const { form, onSubmit, isSubmitting } = useAppForm({
    schema: requestSignInCodeSchema,
    defaultValues: { email: defaultEmail },
    onSubmit: async (values) => ({ email: values.email, message: await mutateAsync(values) }),
    onSuccess: onSent,
    errorTitle: 'Could not send the code',
  });
  return (
    // noValidate: an empty email gets the spec's message, not the browser's.
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" aria-label="Email me a sign-in code">
      <p className="text-sm text-muted-foreground">
        Enter your work email. We will mail you a 6-digit code to sign in without your password.
      </p>
      <TextField
        form={form}
        name="email"
        label="Email"
        type="email"
        autoComplete="username"
        placeholder="name@example.com"
        aria-required
      />
      <SubmitButton busy={isSubmitting} busyText="Sending..." className="w-full">
        Email me a code
      </SubmitButton>
    </form>
  );
}

function CodeForm({
  sent,
  onTwoFactor,
  onNewCode,
}: {
  sent: { email: string; message: string };
  onTwoFactor: () => void;
  onNewCode: () => void;
}) {
  const queryClient = useQueryClient();
  const { mutateAsync } = useSignInWithCode();
  const { form, onSubmit, isSubmitting } = useAppForm({
    schema: signInWithCodeSchema,
    defaultValues: { email: sent.email, code: '' },
    onSubmit: mutateAsync,
    onSuccess: (outcome) => {
      if (outcome === 'two-factor') {
        onTwoFactor();
        return;
      }
      toast.success(MESSAGES.loginSuccessTitle, { description: MESSAGES.loginSuccess });
      // The /auth guard sends the now signed-in user back to where they came from once /api/me answers.
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
    errorTitle: MESSAGES.loginFailureTitle,
  });
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-5" aria-label="Sign in with a code">
      <p role="status" className="rounded-md border bg-background p-3 text-sm">
        {sent.message}
      </p>
      <TextField
        form={form}
        name="code"
        label="Sign-in code"
        autoFocus
        required
        autoComplete="one-time-code"
        inputMode="numeric"
        pattern="[0-9]{6}"
        maxLength={6}
        spellCheck={false}
        description={`Sent to ${sent.email}`}
      />
      <SubmitButton busy={isSubmitting} busyText="Signing in..." className="w-full">
        Sign in
      </SubmitButton>
      <Button type="button" variant="link" size="sm" className="self-center" onClick={onNewCode}>
        Send a new code
      </Button>
    </form>
  );
}
