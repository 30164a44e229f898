import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { verifyTotpSchema, type EnableTwoFactorResponse } from '@common/contracts/account';
import { SubmitButton } from '@web/components/form/submit-button';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { errorMessage } from '@web/lib/api-client';
import { useConfirmTwoFactor } from '../api/confirm-two-factor';
import { useEnableTwoFactor } from '../api/enable-two-factor';
import { BackupCodesList } from './backup-codes-list';
import { PasswordPromptForm } from './password-prompt-form';
import { TotpQrCode } from './totp-qr-code';
import { secretOfTotpUri } from './totp-uri.model';

type Step =
  { name: 'password' } | { name: 'scan'; setup: EnableTwoFactorResponse } | { name: 'codes'; codes: string[] };

const DESCRIPTIONS: Record<Step['name'], string> = {
  password: 'Confirm it is you with your password.',
  scan: 'Scan the QR code with an authenticator app (or type the key), then enter the code it shows.',
  codes: 'Two-factor sign-in is on. Save your backup codes.',
};

/** Set up two-factor sign-in: password → QR code and key → first code → backup codes. */
export function TwoFactorSetupDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [step, setStep] = useState<Step>({ name: 'password' });
  const { mutateAsync: enable } = useEnableTwoFactor();

  const close = () => {
    setStep({ name: 'password' });
    onClose();
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : close())}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Set up two-factor sign-in</DialogTitle>
          <DialogDescription>{DESCRIPTIONS[step.name]}</DialogDescription>
        </DialogHeader>
        {step.name === 'password' ? (
          <PasswordPromptForm
            submitLabel="Continue"
            busyLabel="Checking..."
            errorTitle="Could not start the set-up"
            onCancel={close}
            onSubmit={async (password) => setStep({ name: 'scan', setup: await enable({ password }) })}
          />
        ) : step.name === 'scan' ? (
          <ScanStep
            setup={step.setup}
            onCancel={close}
            onConfirmed={() => setStep({ name: 'codes', codes: step.setup.backupCodes })}
          />
        ) : (
          <>
            <BackupCodesList codes={step.codes} />
            <DialogFooter>
              <Button onClick={close}>Done</Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function ScanStep({
  setup,
  onCancel,
  onConfirmed,
}: {
  setup: EnableTwoFactorResponse;
  onCancel: () => void;
  onConfirmed: () => void;
}) {
  const { mutateAsync: confirm } = useConfirmTwoFactor();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ code: string }>({ resolver: zodResolver(verifyTotpSchema), defaultValues: { code: '' } });
  const secret = secretOfTotpUri(setup.totpURI);

  const submit = handleSubmit(async ({ code }) => {
    try {
      await confirm(code);
    } catch (error) {
      setError('code', { type: 'server', message: errorMessage(error) }, { shouldFocus: true });
      return;
    }
    toast.success('Two-factor sign-in is on');
    onConfirmed();
  });

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-start">
        <TotpQrCode uri={setup.totpURI} />
        <div className="flex min-w-0 flex-col gap-1 text-sm">
          <p className="font-medium">Can&apos;t scan it?</p>
          <p className="text-muted-foreground">Enter this key in the app (time-based, 6 digits):</p>
          <code className="rounded bg-muted px-2 py-1 font-mono break-all select-all" data-testid="totp-secret">
            {secret}
          </code>
        </div>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="totp-setup-code">Verification code</Label>
        <Input
          id="totp-setup-code"
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9]{6}"
          maxLength={6}
          required
          aria-invalid={errors.code ? true : undefined}
          aria-describedby={errors.code ? 'totp-setup-code-error' : undefined}
          {...register('code')}
        />
        {errors.code ? (
          <p id="totp-setup-code-error" className="text-sm text-destructive">
            {errors.code.message}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
        <SubmitButton busy={isSubmitting} busyText="Verifying...">
          Verify and turn on
        </SubmitButton>
      </div>
    </form>
  );
}
