import type { CkdCategory } from '@common/contracts/ckd';
import { ActiveStatusDialog, type ActiveStatusChange } from '@web/components/form/active-status-dialog';
import { useDeactivateCkdCategory } from '../api/deactivate-ckd-category';
import { useReactivateCkdCategory } from '../api/reactivate-ckd-category';

/** Asks before deactivating or reactivating a CKD category. */
export function CkdCategoryStatusDialog({
  change,
  onClose,
}: {
  change: ActiveStatusChange<CkdCategory> | null;
  onClose: () => void;
}) {
  const { mutateAsync: deactivate } = useDeactivateCkdCategory();
  const { mutateAsync: reactivate } = useReactivateCkdCategory();
  return (
    <ActiveStatusDialog
      change={change}
      onClose={onClose}
      noun="CKD category"
      descriptions={{
        deactivate:
          'No new kits of it can be recorded as produced, and it leaves the stove model lists. Kits already in stock can still be transferred and used. You can reactivate it later.',
        reactivate: 'Kits of it can be recorded as produced again, and it returns to the stove model lists.',
      }}
      deactivate={deactivate}
      reactivate={reactivate}
    />
  );
}
