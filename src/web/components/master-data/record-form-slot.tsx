import type { ComponentType } from 'react';

/** The props of a dialog that creates a record or edits one. */
export interface RecordFormDialogProps<T> {
  /** The record to edit; null creates a new one. */
  record: T | null;
  onClose: () => void;
}

/**
 * A list's create/edit dialog while it is open (`editing`: undefined = closed, null = a new record),
 * keyed by the record so each opening starts from that record's values.
 */
export function RecordFormSlot<T extends { id: string }>({
  editing,
  onClose,
  dialog: Dialog,
}: {
  editing: T | null | undefined;
  onClose: () => void;
  dialog: ComponentType<RecordFormDialogProps<T>>;
}) {
  if (editing === undefined) return null;
  return <Dialog key={editing?.id ?? 'new'} record={editing} onClose={onClose} />;
}
