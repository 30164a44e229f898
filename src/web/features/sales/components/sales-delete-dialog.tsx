import { toast } from 'sonner';
import { ConfirmDialog } from '@web/components/form/confirm-dialog';

interface SalesDeleteDialogProps<T extends { id: string; name: string }> {
  /** The record to delete; null = closed. */
  record: T | null;
  onClose: () => void;
  /** What it is, e.g. "sales category". */
  noun: string;
  remove: (id: string) => Promise<void>;
}

/**
 * Asks before deleting a sales category or package. Only one no price refers to can go: the server
 * refuses the others (409, shown in a toast) and they are deactivated instead.
 */
export function SalesDeleteDialog<T extends { id: string; name: string }>({
  record,
  onClose,
  noun,
  remove,
}: SalesDeleteDialogProps<T>) {
  return (
    <ConfirmDialog
      open={record !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Delete ${record?.name ?? noun}?`}
      description={`The ${noun} is removed for good. Only one that no price refers to can be deleted; deactivate the others.`}
      confirmLabel="Delete"
      busyLabel="Deleting..."
      errorTitle={`Could not delete the ${noun}`}
      onConfirm={async () => {
        if (!record) return;
        await remove(record.id);
        toast.success(`${record.name} deleted`);
      }}
    />
  );
}
