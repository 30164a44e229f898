import { useCallback, useState } from 'react';
import type { ActiveStatusChange } from '@web/components/form/active-status-dialog';
import { recordRowActions, type RecordActionOptions } from './record-actions.model';

/**
 * What a master-data list has open: the create/edit form (`editing`: undefined = closed, null = a
 * new record), the deactivate/reactivate confirmation and the delete confirmation; and `rowActions`,
 * the rows' menus that open them. `options` should hold stable values (declare `deletable` at
 * module level) so the table's columns are not rebuilt on every render.
 */
export function useRecordActions<T extends { active: boolean }>({
  deletable,
  deactivateVariant,
}: RecordActionOptions<T> = {}) {
  const [editing, setEditing] = useState<T | null | undefined>(undefined);
  const [statusChange, setStatusChange] = useState<ActiveStatusChange<T> | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);

  const rowActions = useCallback(
    (record: T) =>
      recordRowActions(
        record,
        { edit: setEditing, changeStatus: setStatusChange, delete: setDeleting },
        { deletable, deactivateVariant },
      ),
    [deletable, deactivateVariant],
  );

  return {
    rowActions,
    editing,
    openNew: () => setEditing(null),
    closeForm: () => setEditing(undefined),
    statusChange,
    closeStatusChange: () => setStatusChange(null),
    deleting,
    closeDelete: () => setDeleting(null),
  };
}
