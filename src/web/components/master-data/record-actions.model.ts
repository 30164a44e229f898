/** The "…" menu of a master-data row: Edit, Deactivate or Reactivate, and Delete while unused. */
import { PencilIcon, PowerIcon, PowerOffIcon, Trash2Icon } from 'lucide-react';
import type { DataTableRowAction } from '@web/components/data-table/data-table-row-actions';
import type { ActiveStatusChange } from '@web/components/form/active-status-dialog';

/** What each action opens. */
export interface RecordActionHandlers<T> {
  edit: (record: T) => void;
  changeStatus: (change: ActiveStatusChange<T>) => void;
  delete: (record: T) => void;
}

export interface RecordActionOptions<T> {
  /** Whether Delete is offered for a record (e.g. while nothing refers to it); never when absent. */
  deletable?: (record: T) => boolean;
  /** Deactivate in red (the default) or as a plain item. */
  deactivateVariant?: 'destructive' | 'default';
}

/** Edit; Deactivate for an active record, Reactivate for an inactive one; Delete when `deletable`. */
export function recordRowActions<T extends { active: boolean }>(
  record: T,
  handlers: RecordActionHandlers<T>,
  { deletable, deactivateVariant = 'destructive' }: RecordActionOptions<T> = {},
): DataTableRowAction[] {
  const actions: DataTableRowAction[] = [{ label: 'Edit', icon: PencilIcon, onSelect: () => handlers.edit(record) }];
  actions.push(
    record.active
      ? {
          label: 'Deactivate',
          icon: PowerOffIcon,
          variant: deactivateVariant,
          onSelect: () => handlers.changeStatus({ record, action: 'deactivate' }),
        }
      : {
          label: 'Reactivate',
          icon: PowerIcon,
          onSelect: () => handlers.changeStatus({ record, action: 'reactivate' }),
        },
  );
  if (deletable?.(record)) {
    actions.push({
      label: 'Delete',
      icon: Trash2Icon,
      variant: 'destructive',
      onSelect: () => handlers.delete(record),
    });
  }
  return actions;
}
