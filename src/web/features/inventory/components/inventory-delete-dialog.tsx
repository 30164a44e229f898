import { DeleteRecordDialog } from '@web/components/form/delete-record-dialog';

interface InventoryDeleteDialogProps<T extends { id: string; name: string }> {
  /** The record to delete; null = closed. */
  record: T | null;
  onClose: () => void;
  /** "category", "unit", "item". */
  noun: string;
  /** When deleting is possible, e.g. "while no item is in it". */
  unusedWhen: string;
  /** How the record is used now, or null when it looks unused. */
  usage: (record: T) => string | null;
  remove: (id: string) => Promise<unknown>;
}

/**
 * Asks before deleting a category, unit or item: possible only while it is unused; otherwise the
 * server refuses (409) and its reason shows, and the record can be deactivated instead.
 */
export function InventoryDeleteDialog<T extends { id: string; name: string }>({
  record,
  onClose,
  noun,
  unusedWhen,
  usage,
  remove,
}: InventoryDeleteDialogProps<T>) {
  const used = record ? usage(record) : null;
  return (
    <DeleteRecordDialog
      record={record}
      onClose={onClose}
      noun={`the ${noun}`}
      description={
        <>
          A {noun} can be deleted only {unusedWhen}; otherwise deactivate it instead.{' '}
          {used ? `${used}, so it will not be deleted.` : 'Deleting cannot be undone.'}
        </>
      }
      errorTitle={`Could not delete ${record?.name ?? `the ${noun}`}`}
      remove={remove}
    />
  );
}
