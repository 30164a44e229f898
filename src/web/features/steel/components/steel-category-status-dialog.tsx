import type { SteelCategory } from '@common/contracts/steel';
import { ActiveStatusDialog, type ActiveStatusChange } from '@web/components/form/active-status-dialog';
import { useDeactivateSteelCategory } from '../api/deactivate-steel-category';
import { useReactivateSteelCategory } from '../api/reactivate-steel-category';

/** Asks before deactivating or reactivating a steel category. */
export function SteelCategoryStatusDialog({
  change,
  onClose,
}: {
  change: ActiveStatusChange<SteelCategory> | null;
  onClose: () => void;
}) {
  const { mutateAsync: deactivate } = useDeactivateSteelCategory();
  const { mutateAsync: reactivate } = useReactivateSteelCategory();
  return (
    <ActiveStatusDialog
      change={change}
      onClose={onClose}
      noun="steel category"
      descriptions={{
        deactivate:
          'No new steel records can use a deactivated category and it is no longer flagged as low stock. Its records and stock stay, and you can reactivate it later.',
        reactivate: 'The category can be used on new steel records and CKD categories again.',
      }}
      deactivate={deactivate}
      reactivate={reactivate}
    />
  );
}
