import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from './confirm-dialog';

interface DeleteRecordDialogProps<T extends { id: string; name: string }> {
  /** The record to delete; null = closed. */
  record: T | null;
  onClose: () => void;
  /** Stands for the record's name in the title while the dialog closes, e.g. "the unit". */
  noun: string;
  /** What deleting means: only an unused record can go, the others are deactivated instead. */
  description: ReactNode;
  /** The title of the error toast (the server refuses to delete a record in use). */
  errorTitle: string;
  remove: (id: string) => Promise<unknown>;
}

/** Asks before deleting a record, then deletes it and toasts "<name> deleted". */
export function DeleteRecordDialog<T extends { id: string; name: string }>({
  record,
  onClose,
  noun,
  description,
  errorTitle,
  remove,
}: DeleteRecordDialogProps<T>) {
  return (
    <ConfirmDialog
      open={record !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Delete ${record?.name ?? noun}?`}
      description={description}
      confirmLabel="Delete"
      busyLabel="Deleting..."
      errorTitle={errorTitle}
      onConfirm={async () => {
        if (!record) return;
        await remove(record.id);
        toast.success(`${record.name} deleted`);
      }}
    />
  );
}
