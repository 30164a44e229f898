import type { Factory } from '@common/contracts/factories';
import { ActiveStatusDialog, type ActiveStatusChange } from '@web/components/form/active-status-dialog';
import { useDeactivateFactory } from '../api/deactivate-factory';
import { useReactivateFactory } from '../api/reactivate-factory';

/** Asks before deactivating or reactivating a factory. */
export function FactoryStatusDialog({
  change,
  onClose,
}: {
  change: ActiveStatusChange<Factory> | null;
  onClose: () => void;
}) {
  const { mutateAsync: deactivate } = useDeactivateFactory();
  const { mutateAsync: reactivate } = useReactivateFactory();
  return (
    <ActiveStatusDialog
      change={change}
      onClose={onClose}
      noun="factory"
      descriptions={{
        deactivate:
          "A deactivated factory can't get new users or stock. Its records stay, and you can reactivate it later.",
        reactivate: 'The factory can get new users and stock again.',
      }}
      deactivate={deactivate}
      reactivate={reactivate}
      savedLabel={(saved) => `Factory ${saved.code}`}
    />
  );
}
