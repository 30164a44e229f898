import type { SalesCategory } from '@common/contracts/sales';
import { ActiveStatusDialog, type ActiveStatusChange } from '@web/components/form/active-status-dialog';
import { useDeactivateSalesCategory } from '../api/deactivate-sales-category';
import { useReactivateSalesCategory } from '../api/reactivate-sales-category';

/** Asks before deactivating or reactivating a sales category. */
export function SalesCategoryStatusDialog({
  change,
  onClose,
}: {
  change: ActiveStatusChange<SalesCategory> | null;
  onClose: () => void;
}) {
  const { mutateAsync: deactivate } = useDeactivateSalesCategory();
  const { mutateAsync: reactivate } = useReactivateSalesCategory();
  return (
    <ActiveStatusDialog
      change={change}
      onClose={onClose}
      noun="sales category"
      descriptions={{
        deactivate:
          'It leaves the price grid and the sales forms, and no new prices can be set for it. Its prices stay in the history, and you can reactivate it later.',
        reactivate: 'It comes back to the price grid and the sales forms, with the prices it had.',
      }}
      deactivate={deactivate}
      reactivate={reactivate}
    />
  );
}
