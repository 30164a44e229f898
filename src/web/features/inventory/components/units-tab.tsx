import { useCallback, useState } from 'react';
import { PencilIcon, PlusIcon, PowerIcon, PowerOffIcon, Trash2Icon } from 'lucide-react';
import type { InventoryUnit, ListInventoryUnitsQuery } from '@common/contracts/inventory';
import { DataTable } from '@web/components/data-table/data-table';
import { DataTableFilterSelect } from '@web/components/data-table/data-table-filter-select';
import type { DataTableRowAction } from '@web/components/data-table/data-table-row-actions';
import type { ListStateConfig } from '@web/components/data-table/list-state.model';
import { useListState } from '@web/components/data-table/use-list-state';
import { ActiveStatusDialog, type ActiveStatusChange } from '@web/components/form/active-status-dialog';
import { Button } from '@web/components/ui/button';
import { useDeactivateInventoryUnit } from '../api/deactivate-inventory-unit';
import { useDeleteInventoryUnit } from '../api/delete-inventory-unit';
import { useInventoryUnits } from '../api/get-inventory-units';
import { useReactivateInventoryUnit } from '../api/reactivate-inventory-unit';
import { DeleteRecordDialog } from './delete-record-dialog';
import { ACTIVE_FILTER_OPTIONS, countOf, recordId, recordName } from './inventory-labels';
import { UNIT_COLUMNS } from './master-data-columns';
import { UnitFormDialog } from './unit-form-dialog';

const FILTERS = { active: ['true', 'false'] } as const;
const LIST: ListStateConfig<ListInventoryUnitsQuery['sort'], typeof FILTERS> = {
  sortable: ['name', 'symbol', 'itemCount', 'createdAt'],
  defaultSort: 'name',
  filters: FILTERS,
};
const NOUN = { one: 'unit', other: 'units' };

/** Units: how items are counted (name, symbol, decimals); create, edit, deactivate or delete (while unused). */
export function UnitsTab() {
  const list = useListState(LIST);
  const result = useInventoryUnits(list.apiParams);
  const { mutateAsync: deactivate } = useDeactivateInventoryUnit();
  const { mutateAsync: reactivate } = useReactivateInventoryUnit();
  const { mutateAsync: remove } = useDeleteInventoryUnit();
  /** The open form: undefined = closed, null = new unit. */
  const [editing, setEditing] = useState<InventoryUnit | null | undefined>(undefined);
  const [statusChange, setStatusChange] = useState<ActiveStatusChange<InventoryUnit> | null>(null);
  const [deleting, setDeleting] = useState<InventoryUnit | null>(null);

  const rowActions = useCallback(
    (unit: InventoryUnit): DataTableRowAction[] => [
      { label: 'Edit', icon: PencilIcon, onSelect: () => setEditing(unit) },
      unit.active
        ? {
            label: 'Deactivate',
            icon: PowerOffIcon,
            onSelect: () => setStatusChange({ record: unit, action: 'deactivate' }),
          }
        : {
            label: 'Reactivate',
            icon: PowerIcon,
            onSelect: () => setStatusChange({ record: unit, action: 'reactivate' }),
          },
      { label: 'Delete', icon: Trash2Icon, variant: 'destructive', onSelect: () => setDeleting(unit) },
    ],
    [],
  );

  const newButton = (
    <Button size="sm" onClick={() => setEditing(null)}>
      <PlusIcon aria-hidden="true" />
      New unit
    </Button>
  );

  return (
    <>
      <DataTable
        id="inventory-units"
        label="Units"
        noun={NOUN}
        columns={UNIT_COLUMNS}
        list={list}
        result={result}
        getRowId={recordId}
        rowLabel={recordName}
        rowActions={rowActions}
        searchLabel="Search units"
        searchPlaceholder="Name or symbol"
        filters={<DataTableFilterSelect list={list} name="active" label="Status" options={ACTIVE_FILTER_OPTIONS} />}
        actions={newButton}
        empty={{
          title: 'No units yet',
          description: 'Add how items are counted, e.g. "Pieces (pcs)" or "Litres (l)".',
          action: newButton,
        }}
      />
      {editing !== undefined ? (
        <UnitFormDialog key={editing?.id ?? 'new'} unit={editing} onClose={() => setEditing(undefined)} />
      ) : null}
      <ActiveStatusDialog
        change={statusChange}
        onClose={() => setStatusChange(null)}
        noun="unit"
        descriptions={{
          deactivate:
            'New items cannot be measured in a deactivated unit. The items that use it keep it, and you can reactivate it later.',
          reactivate: 'New items can be measured in the unit again.',
        }}
        deactivate={deactivate}
        reactivate={reactivate}
      />
      <DeleteRecordDialog
        record={deleting}
        onClose={() => setDeleting(null)}
        noun="unit"
        unusedWhen="while no item is measured in it"
        usage={(u) =>
          u.itemCount > 0 ? `${countOf(u.itemCount, 'item')} ${u.itemCount === 1 ? 'uses' : 'use'} it` : null
        }
        remove={remove}
      />
    </>
  );
}
