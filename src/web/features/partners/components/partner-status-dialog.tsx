import type { Partner } from '@common/contracts/partners';
import { ActiveStatusDialog, type ActiveStatusChange } from '@web/components/form/active-status-dialog';
import { useDeactivatePartner } from '../api/deactivate-partner';
import { useReactivatePartner } from '../api/reactivate-partner';

/** Asks before deactivating or reactivating a partner. */
export function PartnerStatusDialog({
  change,
  onClose,
}: {
  change: ActiveStatusChange<Partner> | null;
  onClose: () => void;
}) {
  const { mutateAsync: deactivate } = useDeactivatePartner();
  const { mutateAsync: reactivate } = useReactivatePartner();
  return (
    <ActiveStatusDialog
      change={change}
      onClose={onClose}
      noun="partner"
      descriptions={{
        deactivate:
          "A deactivated partner can't be chosen on new sales orders. Its records stay, and you can reactivate it later.",
        reactivate: 'The partner can be chosen on new sales orders again.',
      }}
      deactivate={deactivate}
      reactivate={reactivate}
    />
  );
}
