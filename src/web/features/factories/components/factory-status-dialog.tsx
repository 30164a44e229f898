import { toast } from 'sonner';
import type { Factory } from '@common/contracts/factories';
import { ConfirmDialog } from '@web/components/form/confirm-dialog';
import { useDeactivateFactory } from '../api/deactivate-factory';
import { useReactivateFactory } from '../api/reactivate-factory';

export interface FactoryStatusChange {
  factory: Factory;
  action: 'deactivate' | 'reactivate';
}

/** Asks before deactivating or reactivating a factory. */
export function FactoryStatusDialog({ change, onClose }: { change: FactoryStatusChange | null; onClose: () => void }) {
  const { mutateAsync: deactivate } = useDeactivateFactory();
  const { mutateAsync: reactivate } = useReactivateFactory();
  const factory = change?.factory;
  const deactivating = change?.action !== 'reactivate';

  return (
    <ConfirmDialog
      open={change !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={deactivating ? `Deactivate ${factory?.name ?? 'factory'}?` : `Reactivate ${factory?.name ?? 'factory'}?`}
      description={
        deactivating
          ? "A deactivated factory can't get new users or stock. Its records stay, and you can reactivate it later."
          : 'The factory can get new users and stock again.'
      }
      confirmLabel={deactivating ? 'Deactivate' : 'Reactivate'}
      busyLabel={deactivating ? 'Deactivating...' : 'Reactivating...'}
      destructive={deactivating}
      errorTitle={deactivating ? 'Could not deactivate the factory' : 'Could not reactivate the factory'}
      onConfirm={async () => {
        if (!factory) return;
        const saved = deactivating ? await deactivate(factory.id) : await reactivate(factory.id);
        toast.success(deactivating ? `Factory ${saved.code} deactivated` : `Factory ${saved.code} reactivated`);
      }}
    />
  );
}
