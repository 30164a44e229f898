import { toast } from 'sonner';
import { ConfirmDialog } from '@web/components/form/confirm-dialog';

type ActiveStatusAction = 'deactivate' | 'reactivate';

export interface ActiveStatusChange<T> {
  record: T;
  action: ActiveStatusAction;
}

interface ActiveStatusDialogProps<T extends { id: string; name: string }> {
  change: ActiveStatusChange<T> | null;
  onClose: () => void;
  /** What the record is, e.g. "steel category": the title without a record and the error toasts use it. */
  noun: string;
  descriptions: Record<ActiveStatusAction, string>;
  deactivate: (id: string) => Promise<T>;
  reactivate: (id: string) => Promise<T>;
  /** How the success toast names the saved record; its name by default. */
  savedLabel?: (saved: T) => string;
}

/** Asks before deactivating or reactivating a record, then runs the mutation and toasts the result. */
export function ActiveStatusDialog<T extends { id: string; name: string }>({
  change,
  onClose,
  noun,
  descriptions,
  deactivate,
  reactivate,
  savedLabel = (saved) => saved.name,
}: ActiveStatusDialogProps<T>) {
  const record = change?.record;
  const deactivating = change?.action !== 'reactivate';
  const name = record?.name ?? noun;

  return (
    <ConfirmDialog
      open={change !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={deactivating ? `Deactivate ${name}?` : `Reactivate ${name}?`}
      description={deactivating ? descriptions.deactivate : descriptions.reactivate}
      confirmLabel={deactivating ? 'Deactivate' : 'Reactivate'}
      busyLabel={deactivating ? 'Deactivating...' : 'Reactivating...'}
      destructive={deactivating}
      errorTitle={deactivating ? `Could not deactivate the ${noun}` : `Could not reactivate the ${noun}`}
      onConfirm={async () => {
        if (!record) return;
        const saved = deactivating ? await deactivate(record.id) : await reactivate(record.id);
        toast.success(deactivating ? `${savedLabel(saved)} deactivated` : `${savedLabel(saved)} reactivated`);
      }}
    />
  );
}
