import { DeleteRecordDialog } from '@web/components/form/delete-record-dialog';

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
    <DeleteRecordDialog
      record={record}
      onClose={onClose}
      noun={noun}
      description={`The ${noun} is removed for good. Only one that no price refers to can be deleted; deactivate the others.`}
      errorTitle={`Could not delete the ${noun}`}
      remove={remove}
    />
  );
}
