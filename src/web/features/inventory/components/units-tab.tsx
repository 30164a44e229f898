import { plural } from '@common/counted';
import type { InventoryUnit, ListInventoryUnitsQuery } from '@common/contracts/inventory';
import { DataTable } from '@web/components/data-table/data-table';
import { ACTIVE_FILTER_VALUES, DataTableActiveFilter } from '@web/components/data-table/data-table-active-filter';
import type { ListStateConfig } from '@web/components/data-table/list-state.model';
import { useListState } from '@web/components/data-table/use-list-state';
import { ActiveStatusDialog } from '@web/components/form/active-status-dialog';
import { NewRecordButton } from '@web/components/master-data/new-record-button';
import { RecordFormSlot } from '@web/components/master-data/record-form-slot';
import { useRecordActions } from '@web/components/master-data/use-record-actions';
import { useDeactivateInventoryUnit } from '../api/deactivate-inventory-unit';
import { useDeleteInventoryUnit } from '../api/delete-inventory-unit';
import { useInventoryUnits } from '../api/get-inventory-units';
import { useReactivateInventoryUnit } from '../api/reactivate-inventory-unit';
import { InventoryDeleteDialog } from './inventory-delete-dialog';
import { countOf, RECORD_ACTIONS, recordId, recordName } from './inventory-labels';
import { UNIT_COLUMNS } from './master-data-columns';
import { UnitFormDialog } from './unit-form-dialog';

const FILTERS = { active: ACTIVE_FILTER_VALUES } as const;
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
  const actions = useRecordActions<InventoryUnit>(RECORD_ACTIONS);

  const newButton = <NewRecordButton onClick={actions.openNew}>New unit</NewRecordButton>;

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
        rowActions={actions.rowActions}
        searchLabel="Search units"
        searchPlaceholder="Name or symbol"
        filters={<DataTableActiveFilter list={list} />}
        actions={newButton}
        empty={{
          title: 'No units yet',
          description: 'Add how items are counted, e.g. "Pieces (pcs)" or "Litres (l)".',
          action: newButton,
        }}
      />
      <RecordFormSlot editing={actions.editing} onClose={actions.closeForm} dialog={UnitFormDialog} />
      <ActiveStatusDialog
        change={actions.statusChange}
        onClose={actions.closeStatusChange}
        noun="unit"
        descriptions={{
          deactivate:
            'New items cannot be measured in a deactivated unit. The items that use it keep it, and you can reactivate it later.',
          reactivate: 'New items can be measured in the unit again.',
        }}
        deactivate={deactivate}
        reactivate={reactivate}
      />
      <InventoryDeleteDialog
        record={actions.deleting}
        onClose={actions.closeDelete}
        noun="unit"
        unusedWhen="while no item is measured in it"
        usage={(u) =>
          u.itemCount > 0 ? `${countOf(u.itemCount, 'item')} ${plural(u.itemCount, 'uses', 'use')} it` : null
        }
        remove={remove}
      />
    </>
  );
}
