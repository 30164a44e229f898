import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { errorMessage } from '@web/lib/api-client';

interface RejectTransferDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** "Reject TR-000012?" */
  title: string;
  description: string;
  /** Rejects; the dialog closes when it resolves and stays open with a toast when it throws. */
  onReject: (reason: string) => Promise<unknown>;
}

/** Asks for the reason of a rejection (required) before rejecting. */
export function RejectTransferDialog({ open, onOpenChange, title, description, onReject }: RejectTransferDialogProps) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (!reason.trim()) {
      setError('A reason is required');
      return;
    }
    setBusy(true);
    try {
      await onReject(reason.trim());
      setReason('');
      onOpenChange(false);
    } catch (cause) {
      toast.error('The transfer was not rejected', { description: errorMessage(cause) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={id}>Reason</Label>
            <Textarea
              id={id}
              value={reason}
              maxLength={1000}
              rows={3}
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => {
                setReason(event.target.value);
                if (event.target.value.trim()) setError(null);
              }}
            />
            {error ? (
              <p id={`${id}-error`} className="text-sm text-destructive">
                {error}
              </p>
            ) : null}
          </div>
          <DialogFooter>
            <Button variant="outline" disabled={busy} onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={busy} aria-busy={busy || undefined}>
              {busy ? 'Rejecting...' : 'Reject transfer'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
