import { useState } from 'react';
import { ShieldCheckIcon, ShieldOffIcon } from 'lucide-react';
import { toast } from 'sonner';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { useGenerateBackupCodes } from '../api/generate-backup-codes';
import { BackupCodesList } from './backup-codes-list';
import { PasswordPromptForm } from './password-prompt-form';
import { TwoFactorSetupDialog } from './two-factor-setup-dialog';

type OpenDialog = 'setup' | 'disable' | 'backup-codes' | null;

/** Two-factor sign-in: its state, set up, new backup codes, turn off. */
export function TwoFactorSection({ enabled }: { enabled: boolean }) {
  const [open, setOpen] = useState<OpenDialog>(null);
  const close = () => setOpen(null);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Two-factor sign-in</CardTitle>
        <CardDescription>
          After your password, sign-in asks for a code from an authenticator app on your phone.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <p className="flex items-center gap-2 text-sm" data-testid="two-factor-status">
          {enabled ? (
            <>
              <ShieldCheckIcon className="size-5 text-green-700" aria-hidden="true" />
              <Badge>On</Badge> Sign-in asks for a code from your authenticator app.
            </>
          ) : (
            <>
              <ShieldOffIcon className="size-5 text-muted-foreground" aria-hidden="true" />
              <Badge variant="outline">Off</Badge> Sign-in asks only for your password.
            </>
          )}
        </p>
        <div className="flex flex-wrap gap-2">
          {enabled ? (
            <>
              <Button variant="outline" onClick={() => setOpen('backup-codes')}>
                Regenerate backup codes
              </Button>
              <Button variant="destructive" onClick={() => setOpen('disable')}>
                Turn off two-factor sign-in
              </Button>
            </>
          ) : (
            <Button onClick={() => setOpen('setup')}>Set up two-factor sign-in</Button>
          )}
        </div>
      </CardContent>
      <TwoFactorSetupDialog open={open === 'setup'} onClose={close} />
      <DisableDialog open={open === 'disable'} onClose={close} />
      <BackupCodesDialog open={open === 'backup-codes'} onClose={close} />
    </Card>
  );
}

function DisableDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { mutateAsync: disable } = useDisableTwoFactor();
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Turn off two-factor sign-in?</DialogTitle>
          <DialogDescription>
            Sign-in will ask only for your password, and your backup codes stop working.
          </DialogDescription>
        </DialogHeader>
        <PasswordPromptForm
          submitLabel="Turn off"
          busyLabel="Turning off..."
          destructive
          errorTitle="Could not turn off two-factor sign-in"
          onCancel={onClose}
          onSubmit={async (password) => {
            await disable({ password });
            toast.success('Two-factor sign-in is off');
            onClose();
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

function BackupCodesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [codes, setCodes] = useState<string[] | null>(null);
  const { mutateAsync: generate } = useGenerateBackupCodes();
  const close = () => {
    setCodes(null);
    onClose();
  };
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : close())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>New backup codes</DialogTitle>
          <DialogDescription>
            {codes ? 'Your old backup codes no longer work.' : 'New codes replace the old ones, which stop working.'}
          </DialogDescription>
        </DialogHeader>
        {codes ? (
          <>
            <BackupCodesList codes={codes} />
            <DialogFooter>
              <Button onClick={close}>Done</Button>
            </DialogFooter>
          </>
        ) : (
          <PasswordPromptForm
            submitLabel="Make new codes"
            busyLabel="Making codes..."
            errorTitle="Could not make new backup codes"
            onCancel={close}
            onSubmit={async (password) => setCodes(await generate({ password }))}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
