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

interface ReasonDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** "Reject TR-000012?" */
  title: string;
  /** What the action does. */
  description: string;
  /** The action; the dialog closes when it resolves and stays open with a toast when it throws. */
  onConfirm: (reason: string) => Promise<unknown>;
  /** The field error when no reason is given. */
  requiredMessage: string;
  /** The toast's title when the action fails, e.g. "The transfer was not rejected". */
  failureTitle: string;
  /** The buttons: e.g. Cancel / Reject transfer / Rejecting... */
  labels: { cancel: string; confirm: string; busy: string };
}

/** Asks for a required reason, then runs a destructive action with it (reject, void…). */
export function ReasonDialog({
  open,
  onOpenChange,
  title,
  description,
  onConfirm,
  requiredMessage,
  failureTitle,
  labels,
}: ReasonDialogProps) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (!reason.trim()) {
      setError(requiredMessage);
      return;
    }
    setBusy(true);
    try {
      await onConfirm(reason.trim());
      setReason('');
      onOpenChange(false);
    } catch (cause) {
      toast.error(failureTitle, { description: errorMessage(cause) });
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
              {labels.cancel}
            </Button>
            <Button type="submit" variant="destructive" disabled={busy} aria-busy={busy || undefined}>
              {busy ? labels.busy : labels.confirm}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
