import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { z } from 'zod';
import { MESSAGES } from '@common/constants';
import { SIGN_IN_EMAIL_PATTERN } from '@common/contracts/users';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { isApiRequestError } from '@web/lib/api-client';
import { meQueryKey } from '../api/get-me';
import { useSignIn } from '../api/sign-in';
import { SignInCodeStep } from './sign-in-code-step';
import { TwoFactorChallenge } from './two-factor-challenge';

const loginFormSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, MESSAGES.credentialsRequired)
    .regex(SIGN_IN_EMAIL_PATTERN, 'Enter a valid email address'),
  password: z.string().min(1, MESSAGES.credentialsRequired),
});
type LoginFormValues = z.input<typeof loginFormSchema>;

/**
 * Email + password sign-in, then, for a user with two-factor sign-in, the code. The browser
 * checks the fields first (required, type="email"); the schema only backs it up.
 */
export function LoginForm() {
  const [step, setStep] = useState<'password' | 'code' | 'two-factor'>('password');
  if (step === 'two-factor') return <TwoFactorChallenge onRestart={() => setStep('password')} />;
  if (step === 'code')
    return <SignInCodeStep onTwoFactor={() => setStep('two-factor')} onBack={() => setStep('password')} />;
  return <PasswordStep onTwoFactor={() => setStep('two-factor')} onCode={() => setStep('code')} />;
}

function PasswordStep({ onTwoFactor, onCode }: { onTwoFactor: () => void; onCode: () => void }) {
  const queryClient = useQueryClient();
  const { mutateAsync: signIn } = useSignIn();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginFormValues, unknown, z.output<typeof loginFormSchema>>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    let outcome;
    try {
      outcome = await signIn(values);
    } catch (error) {
      const serverMessage = isApiRequestError(error) ? error.serverMessage : undefined;
      toast.error(MESSAGES.loginFailureTitle, { description: serverMessage ?? MESSAGES.loginFailure });
      return;
    }
    if (outcome === 'two-factor') {
      onTwoFactor();
      return;
    }
    toast.success(MESSAGES.loginSuccessTitle, { description: MESSAGES.loginSuccess });
    // The /auth guard sends the now signed-in user to "/" once /api/me answers.
    await queryClient.invalidateQueries({ queryKey: meQueryKey });
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5">
      <div className="flex flex-col gap-2">
        <Label htmlFor="email">Email</Label>
        <Input
          id="email"
          type="email"
          autoComplete="username"
          required
          placeholder="name@example.com"
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? 'email-error' : undefined}
          {...register('email')}
        />
        {errors.email ? (
          <p id="email-error" role="alert" className="text-sm text-destructive">
            {errors.email.message}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="password">Password</Label>
        <Input
          id="password"
          type="password"
          autoComplete="current-password"
          required
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? 'password-error' : undefined}
          {...register('password')}
        />
        {errors.password ? (
          <p id="password-error" role="alert" className="text-sm text-destructive">
            {errors.password.message}
          </p>
        ) : null}
      </div>
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Logging in...' : 'Login'}
      </Button>
      <div className="flex flex-col items-center gap-1">
        <Button type="button" variant="link" size="sm" onClick={onCode}>
          Email me a sign-in code
        </Button>
        <Link to="/recover" className="text-sm text-primary underline-offset-4 hover:underline">
          Forgot password?
        </Link>
      </div>
    </form>
  );
}
