import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { MESSAGES } from '@common/constants';
import { verifyBackupCodeSchema, verifyTotpSchema } from '@common/contracts/account';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { isApiRequestError } from '@web/lib/api-client';
import { meQueryKey } from '../api/get-me';
import { useVerifyTwoFactor, type TwoFactorMethod } from '../api/verify-two-factor';

/** Answers after which the challenge is over: the password has to be entered again. */
const CHALLENGE_ENDED = new Set(['INVALID_TWO_FACTOR_COOKIE', 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE']);

interface CodeValues {
  code: string;
}

/**
 * The second sign-in step for a user with two-factor sign-in: a code from the authenticator app,
 * or one of the backup codes. Success ends like a normal login (toast, then the landing page).
 */
export function TwoFactorChallenge({ onRestart }: { onRestart: () => void }) {
  const [method, setMethod] = useState<TwoFactorMethod>('totp');
  return (
    <ChallengeForm
      key={method}
      method={method}
      onSwitch={() => setMethod(method === 'totp' ? 'backup-code' : 'totp')}
      onRestart={onRestart}
    />
  );
}

function ChallengeForm({
  method,
  onSwitch,
  onRestart,
}: {
  method: TwoFactorMethod;
  onSwitch: () => void;
  onRestart: () => void;
}) {
  const queryClient = useQueryClient();
  const { mutateAsync: verify } = useVerifyTwoFactor();
  const totp = method === 'totp';
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<CodeValues>({
    resolver: zodResolver(totp ? verifyTotpSchema : verifyBackupCodeSchema),
    defaultValues: { code: '' },
  });

  const onSubmit = handleSubmit(async ({ code }) => {
    try {
      await verify({ method, code });
    } catch (error) {
      const serverMessage = isApiRequestError(error) ? error.serverMessage : undefined;
      toast.error(MESSAGES.loginFailureTitle, { description: serverMessage ?? MESSAGES.loginFailure });
      if (isApiRequestError(error) && CHALLENGE_ENDED.has(error.code)) onRestart();
      return;
    }
    toast.success(MESSAGES.loginSuccessTitle, { description: MESSAGES.loginSuccess });
    // The /auth guard sends the now signed-in user to "/" once /api/me answers.
    await queryClient.invalidateQueries({ queryKey: meQueryKey });
  });

  const label = totp ? 'Verification code' : 'Backup code';
  return (
    <form onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5" aria-label="Two-factor sign-in">
      <p className="text-sm text-muted-foreground">
        {totp
          ? 'Enter the 6-digit code from your authenticator app.'
          : 'Enter one of the backup codes you saved when you set up two-factor sign-in. Each code works once.'}
      </p>
      <div className="flex flex-col gap-2">
        <Label htmlFor="two-factor-code">{label}</Label>
        <Input
          id="two-factor-code"
          autoFocus
          required
          autoComplete={totp ? 'one-time-code' : 'off'}
          inputMode={totp ? 'numeric' : 'text'}
          pattern={totp ? '[0-9]{6}' : undefined}
          maxLength={totp ? 6 : 64}
          spellCheck={false}
          aria-invalid={errors.code ? true : undefined}
          aria-describedby={errors.code ? 'two-factor-code-error' : undefined}
          {...register('code')}
        />
        {errors.code ? (
          <p id="two-factor-code-error" role="alert" className="text-sm text-destructive">
            {errors.code.message}
          </p>
        ) : null}
      </div>
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Verifying...' : 'Verify'}
      </Button>
      <div className="flex flex-col items-center gap-1">
        <Button type="button" variant="link" size="sm" onClick={onSwitch}>
          {totp ? 'Use a backup code' : 'Use the authenticator app'}
        </Button>
        <Button type="button" variant="link" size="sm" className="text-muted-foreground" onClick={onRestart}>
          Back to sign-in
        </Button>
      </div>
    </form>
  );
}
