import { toast } from 'sonner';
import type { Partner } from '@common/contracts/partners';
import { ConfirmDialog } from '@web/components/form/confirm-dialog';
import { useDeactivatePartner } from '../api/deactivate-partner';
import { useReactivatePartner } from '../api/reactivate-partner';

export interface PartnerStatusChange {
  partner: Partner;
  action: 'deactivate' | 'reactivate';
}

/** Asks before deactivating or reactivating a partner. */
export function PartnerStatusDialog({ change, onClose }: { change: PartnerStatusChange | null; onClose: () => void }) {
  const { mutateAsync: deactivate } = useDeactivatePartner();
  const { mutateAsync: reactivate } = useReactivatePartner();
  const partner = change?.partner;
  const deactivating = change?.action !== 'reactivate';

  return (
    <ConfirmDialog
      open={change !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={deactivating ? `Deactivate ${partner?.name ?? 'partner'}?` : `Reactivate ${partner?.name ?? 'partner'}?`}
      description={
        deactivating
          ? "A deactivated partner can't be chosen on new sales orders. Its records stay, and you can reactivate it later."
          : 'The partner can be chosen on new sales orders again.'
      }
      confirmLabel={deactivating ? 'Deactivate' : 'Reactivate'}
      busyLabel={deactivating ? 'Deactivating...' : 'Reactivating...'}
      destructive={deactivating}
      errorTitle={deactivating ? 'Could not deactivate the partner' : 'Could not reactivate the partner'}
      onConfirm={async () => {
        if (!partner) return;
        const saved = deactivating ? await deactivate(partner.id) : await reactivate(partner.id);
        toast.success(deactivating ? `${saved.name} deactivated` : `${saved.name} reactivated`);
      }}
    />
  );
}
