import type { SalesPackage } from '@common/contracts/sales';
import { ActiveStatusDialog, type ActiveStatusChange } from '@web/components/form/active-status-dialog';
import { useDeactivateSalesPackage } from '../api/deactivate-sales-package';
import { useReactivateSalesPackage } from '../api/reactivate-sales-package';

/** Asks before deactivating or reactivating a sales package. */
export function SalesPackageStatusDialog({
  change,
  onClose,
}: {
  change: ActiveStatusChange<SalesPackage> | null;
  onClose: () => void;
}) {
  const { mutateAsync: deactivate } = useDeactivateSalesPackage();
  const { mutateAsync: reactivate } = useReactivateSalesPackage();
  return (
    <ActiveStatusDialog
      change={change}
      onClose={onClose}
      noun="sales package"
      descriptions={{
        deactivate:
          'It leaves the price grid and can no longer be sold, and no new prices can be set for it. Its prices stay in the history, and you can reactivate it later.',
        reactivate: 'It comes back to the price grid and can be sold again, with the prices it had.',
      }}
      deactivate={deactivate}
      reactivate={reactivate}
    />
  );
}
